package dev.mongolake;

import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.internal.engine.Engine;
import java.time.Instant;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * The environment of one aggregate command run by the engine: {@code $$NOW} read once from the
 * engine's clock, the command's {@code let}, the engine's databases for the stages that read or
 * write other collections, and the lake's memory limit per blocking stage.
 *
 * @param now the command's start
 * @param let the command's {@code let} expressions
 * @param databaseName the database the command runs in
 * @param engine the engine holding every database
 * @param allowDiskUse whether blocking stages over their memory limit may spill
 * @param collection the collection a collection-level aggregate reads, or {@code null}
 * @param answeringHost the {@code host:port} that answered the command, or {@code null} embedded
 * @param bypassDocumentValidation whether {@code $out} and {@code $merge} skip the target's
 *     validator
 * @param collation the collation the pipeline's comparisons follow
 */
record EngineAggregationEnvironment(
    Instant now,
    BsonDocument let,
    String databaseName,
    Engine engine,
    boolean allowDiskUse,
    String collection,
    String answeringHost,
    boolean bypassDocumentValidation,
    Collation collation)
    implements AggregationEnvironment {

  EngineAggregationEnvironment {
    let = let.clone();
    java.util.Objects.requireNonNull(collation, "collation");
  }

  static EngineAggregationEnvironment of(Engine engine, String databaseName, BsonDocument let) {
    return of(engine, databaseName, let, true);
  }

  static EngineAggregationEnvironment of(
      Engine engine, String databaseName, BsonDocument let, boolean allowDiskUse) {
    return new EngineAggregationEnvironment(
        engine.clock().instant(),
        let == null ? new BsonDocument() : let,
        databaseName,
        engine,
        allowDiskUse,
        null,
        null,
        false,
        Collation.SIMPLE);
  }

  /** This environment for an aggregate over {@code collection}, answered by {@code host}. */
  EngineAggregationEnvironment over(String collection, String host) {
    return new EngineAggregationEnvironment(
        now,
        let,
        databaseName,
        engine,
        allowDiskUse,
        collection,
        host,
        bypassDocumentValidation,
        collation);
  }

  /** This environment, with {@code $out} and {@code $merge} skipping validation or not. */
  EngineAggregationEnvironment bypassingDocumentValidation(boolean bypass) {
    return new EngineAggregationEnvironment(
        now, let, databaseName, engine, allowDiskUse, collection, answeringHost, bypass, collation);
  }

  /** This environment, its comparisons following {@code collation}. */
  EngineAggregationEnvironment collatedBy(Collation collation) {
    return new EngineAggregationEnvironment(
        now,
        let,
        databaseName,
        engine,
        allowDiskUse,
        collection,
        answeringHost,
        bypassDocumentValidation,
        collation);
  }

  @Override
  public Optional<String> collectionName() {
    return Optional.ofNullable(collection);
  }

  @Override
  public String host() {
    return answeringHost == null ? AggregationEnvironment.super.host() : answeringHost;
  }

  /** The lake's {@link MongoLakeOptions#aggregationMemoryLimitBytes()}. */
  @Override
  public long memoryLimitBytesPerStage() {
    return engine.aggregationMemoryLimitBytes();
  }

  @Override
  public java.nio.file.Path spillDirectory() {
    return engine.spillDirectory();
  }

  @Override
  public MongoLakeDatabase database(String name) {
    Namespace.validateDatabaseName(name);
    engine.checkReadable(name);
    MongoLakeDatabase database = new MongoLakeDatabase(name, engine);
    return bypassDocumentValidation ? database.bypassingDocumentValidation() : database;
  }
}
