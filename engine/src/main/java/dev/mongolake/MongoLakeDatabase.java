package dev.mongolake;

import com.mongodb.MongoClientSettings;
import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.internal.engine.Engine;
import dev.mongolake.internal.engine.ViewDefinition;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;

/** A database: a namespace for collections. Thread-safe and cheap to create. */
public final class MongoLakeDatabase {

  private final String name;
  private final Engine engine;
  private final boolean bypassDocumentValidation;

  MongoLakeDatabase(String name, Engine engine) {
    this(name, engine, false);
  }

  private MongoLakeDatabase(String name, Engine engine, boolean bypassDocumentValidation) {
    this.name = name;
    this.engine = engine;
    this.bypassDocumentValidation = bypassDocumentValidation;
  }

  /**
   * This database, whose collections' writes (and aggregations' {@code $out} and {@code $merge})
   * skip the collections' validators: MongoDB's {@code bypassDocumentValidation}.
   */
  public MongoLakeDatabase bypassingDocumentValidation() {
    return new MongoLakeDatabase(name, engine, true);
  }

  public String name() {
    return name;
  }

  /**
   * A collection of {@link Document}s; it is created by its first write or by {@link
   * #createCollection}.
   */
  public MongoLakeCollection<Document> collection(String collectionName) {
    return collection(collectionName, Document.class);
  }

  /**
   * A collection whose documents are decoded as {@code documentClass} (Document, BsonDocument,
   * ...).
   */
  public <T> MongoLakeCollection<T> collection(String collectionName, Class<T> documentClass) {
    MongoLakeCollection<T> collection =
        new MongoLakeCollection<>(new Namespace(name, collectionName), documentClass, engine);
    return bypassDocumentValidation ? collection.bypassingDocumentValidation() : collection;
  }

  /**
   * Names of the database's collections, sorted; views are not among them (see {@link
   * #listViews()}; the server's {@code listCollections} lists both).
   */
  public List<String> listCollectionNames() {
    return engine.catalog().collections(name).stream().map(Namespace::collection).toList();
  }

  /** Whether {@code viewName} names one of the database's read-only views. */
  public boolean isView(String viewName) {
    return engine.views().isView(new Namespace(name, viewName));
  }

  /** The database's read-only views, sorted by name. */
  public List<ReadOnlyView> listViews() {
    return engine.views().list(name).stream()
        .map(view -> new ReadOnlyView(view.name().collection(), view.viewOn(), view.pipeline()))
        .toList();
  }

  /**
   * Attaches the Delta table at {@code location} (written by Spark or anyone) as the read-only
   * collection {@code collectionName}: find, count, distinct and aggregate (also through {@code
   * $lookup} and {@code $unionWith} from other collections) read its latest version at each query,
   * each row a document whose fields are the table's columns in schema order (see docs/attach.md
   * for the types); writes and index changes fail IllegalOperation; {@link
   * MongoLakeCollection#drop()} detaches it. The attachment is durable; the table's files are never
   * written.
   *
   * @param location a path relative to the lake's table storage, or an absolute local path or
   *     {@code file:} URI
   * @throws MongoLakeException NamespaceExists when a collection, view or attached table has the
   *     name, BadValue for a location that holds no readable Delta table, InvalidNamespace for an
   *     invalid name
   */
  public void attach(String collectionName, String location) {
    engine.attachTable(new Namespace(name, collectionName), location);
  }

  /**
   * Detaches the attached table {@code collectionName}, leaving its files; whether it was attached.
   */
  public boolean detach(String collectionName) {
    return engine.detachTable(new Namespace(name, collectionName));
  }

  /** Whether {@code collectionName} names a Delta table attached to this database. */
  public boolean isAttached(String collectionName) {
    return engine.attached().isAttached(new Namespace(name, collectionName));
  }

  /** The Delta tables attached to this database, sorted by name. */
  public List<AttachedTable> listAttachedTables() {
    return engine.attached().list(name).stream()
        .map(entry -> new AttachedTable(entry.getKey(), entry.getValue()))
        .toList();
  }

  /**
   * Creates a read-only view, as MongoDB's {@code db.createView(name, viewOn, pipeline)}: reads of
   * {@code collection(viewName)} run {@code pipeline} over {@code viewOn} (a collection, which need
   * not exist yet, or another view of this database) when they run; writes to it fail
   * CommandNotSupportedOnView. The definition is durable.
   *
   * @throws MongoLakeException InvalidNamespace for an invalid name, NamespaceExists when a
   *     collection or view has the name, OptionNotSupportedOnView for a pipeline with {@code $out}
   *     or {@code $merge}, the pipeline's parse errors, GraphContainsCycle for a chain of views
   *     that loops, ViewDepthLimitExceeded for one deeper than 20
   */
  public void createView(String viewName, String viewOn, List<? extends Bson> pipeline) {
    engine.refuseInTransaction("create a view");
    engine.catalog().createView(viewDefinition(viewName, viewOn, pipeline));
  }

  /**
   * Gives an existing view another source and pipeline ({@code collMod} with {@code viewOn} and
   * {@code pipeline}), checked as {@link #createView} checks them.
   *
   * @throws MongoLakeException NamespaceNotFound when there is no such view
   */
  public void modifyView(String viewName, String viewOn, List<? extends Bson> pipeline) {
    engine.refuseInTransaction("modify a view");
    engine.catalog().modifyView(viewDefinition(viewName, viewOn, pipeline));
  }

  private ViewDefinition viewDefinition(
      String viewName, String viewOn, List<? extends Bson> pipeline) {
    Namespace view = new Namespace(name, viewName);
    Namespace source = new Namespace(name, viewOn);
    List<BsonDocument> stages = new ArrayList<>(pipeline.size());
    pipeline.forEach(
        stage ->
            stages.add(
                stage.toBsonDocument(
                    BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry())));
    ViewPipelines.validate(view, stages, engine);
    return new ViewDefinition(view, source.collection(), stages);
  }

  /**
   * Creates a collection explicitly.
   *
   * @throws MongoLakeException NamespaceExists if it exists
   */
  public void createCollection(String collectionName) {
    createCollection(collectionName, new BsonDocument());
  }

  /**
   * Creates a collection explicitly with {@code create}'s options: {@code capped: true} with {@code
   * size} (bytes) and optionally {@code max} (documents) for a capped collection, whose inserts
   * past the cap remove its oldest documents and whose natural order is insertion order (tail it
   * with {@link MongoLakeFindIterable#cursorType}); {@code validator} (a filter, {@code
   * $jsonSchema} and {@code $expr} included, that inserted and updated documents must match),
   * {@code validationLevel} ({@code strict}, {@code moderate}, {@code off}) and {@code
   * validationAction} ({@code error}, {@code warn}); {@code collation} (the collection's default
   * collation, stored resolved; see {@link MongoLakeCollection#withCollation}). The options are
   * durable, and kept with the collection's table.
   *
   * <p>Inside {@link MongoLakeTransaction#run} the collection is created by the transaction, as
   * MongoDB 4.4+ does: visible (with its options) to the transaction alone until it commits, gone
   * if it aborts; an existing collection then fails with NamespaceExists whatever its options, a
   * capped one with OperationNotSupportedInTransaction, and the commit with WriteConflict when
   * another operation created the collection meanwhile.
   *
   * @throws MongoLakeException NamespaceExists if it exists; MongoDB's error for an invalid option
   *     (TypeMismatch, BadValue, InvalidOptions, Location51024 for a capped size or max out of
   *     range, the validator's parse error prefixed "Parsing of collection validator failed");
   *     NotImplemented naming any other option
   */
  public void createCollection(String collectionName, BsonDocument options) {
    engine.catalog().createCollection(new Namespace(name, collectionName), options);
  }

  /**
   * The options a collection was created or modified with ({@code validator}, {@code
   * validationLevel}, {@code validationAction}; empty for one created implicitly), as {@code
   * listCollections} shows them; empty when there is no such collection.
   */
  public Optional<BsonDocument> collectionOptions(String collectionName) {
    return engine.catalog().options(new Namespace(name, collectionName));
  }

  /**
   * The collection's UUID, as MongoDB's listCollections reports it in {@code info.uuid} (and change
   * events in {@code collectionUUID}, oplog entries in {@code ui}): the same across restarts and
   * renames from its creation on (the log's create record holds it, and its table is created with
   * it); a new one after the collection is dropped and created again. Empty when there is no such
   * collection.
   */
  public Optional<java.util.UUID> collectionUuid(String collectionName) {
    return engine.catalog().uuid(new Namespace(name, collectionName));
  }

  /**
   * {@code collMod}'s options: the given {@code validator}, {@code validationLevel}, {@code
   * validationAction}, and for a capped collection {@code cappedSize} and {@code cappedMax} (a
   * smaller cap removes documents at the next insert), replace the collection's, the others stay.
   * Durable on return; later writes are validated by the new options (documents already stored are
   * not re-checked).
   *
   * @throws MongoLakeException NamespaceNotFound without the collection; MongoDB's error for an
   *     invalid option
   */
  public void modifyCollection(String collectionName, BsonDocument changes) {
    engine.refuseInTransaction("modify a collection");
    if (isAttached(collectionName)) {
      throw dev.mongolake.internal.engine.AttachedTables.readOnly(
          "modify", new Namespace(name, collectionName));
    }
    engine.catalog().modifyCollection(new Namespace(name, collectionName), changes);
  }

  /**
   * Makes every collection of the database again what it was at {@code point}, as one atomic change
   * (see {@link MongoLakeCollection#restore}): collections the point held get their documents back,
   * collections made since are emptied (they stay, with their indexes); views are kept as they are.
   */
  public RestoreResult restore(ReadAt point) {
    return engine.restoreDatabase(name, engine.at(name, point.clusterTime().getValue()));
  }

  /**
   * Drops every collection and view of the database and detaches its attached tables (their files
   * stay).
   */
  public void drop() {
    engine.refuseInTransaction("drop a database");
    engine.catalog().checkDatabaseDroppable(name);
    for (var attached : engine.attached().list(name)) {
      engine.detachTable(new Namespace(name, attached.getKey()));
    }
    for (var view : engine.views().list(name)) {
      engine.catalog().dropView(view.name());
    }
    List<Namespace> collections = engine.catalog().collections(name);
    for (int i = 0; i < collections.size(); i++) {
      engine.catalog().dropCollection(collections.get(i), i == collections.size() - 1);
    }
  }

  /**
   * A database-level aggregation ({@code {aggregate: 1}}): the pipeline must start with a stage
   * that makes its own documents ({@code $documents}); its other stages may read and write this
   * database's collections as in {@link MongoLakeCollection#aggregate(List, Bson)}. {@code let}
   * ({@code null} for none) is evaluated once with {@code $$NOW} from the engine's clock.
   *
   * @throws MongoLakeException InvalidNamespace for an empty pipeline or one whose first stage
   *     needs a collection
   */
  public MongoLakeCursor<BsonDocument> aggregate(List<? extends Bson> pipeline, Bson let) {
    return aggregate(pipeline, let, true);
  }

  /**
   * A database-level aggregation (see {@link #aggregate(List, Bson)}); without {@code
   * allowDiskUse}, a blocking stage over its memory limit fails with
   * QueryExceededMemoryLimitNoDiskUseAllowed instead of spilling to temporary files, as in {@link
   * MongoLakeCollection#aggregate(List, Bson, boolean)}.
   *
   * @throws MongoLakeException InvalidNamespace for an empty pipeline or one whose first stage
   *     needs a collection
   */
  public MongoLakeCursor<BsonDocument> aggregate(
      List<? extends Bson> pipeline, Bson let, boolean allowDiskUse) {
    return aggregate(pipeline, let, allowDiskUse, Collation.SIMPLE);
  }

  /**
   * A database-level aggregation (see {@link #aggregate(List, Bson, boolean)}) whose comparisons of
   * strings follow {@code collation}.
   */
  public MongoLakeCursor<BsonDocument> aggregate(
      List<? extends Bson> pipeline, Bson let, boolean allowDiskUse, Collation collation) {
    List<BsonDocument> stages = new ArrayList<>(pipeline.size());
    pipeline.forEach(
        stage ->
            stages.add(
                stage.toBsonDocument(
                    BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry())));
    Pipeline parsed =
        Pipeline.parse(
            stages,
            EngineAggregationEnvironment.of(
                    engine,
                    name,
                    let == null
                        ? null
                        : let.toBsonDocument(
                            BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry()),
                    allowDiskUse)
                .bypassingDocumentValidation(bypassDocumentValidation)
                .collatedBy(collation));
    if (stages.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE, "{aggregate: 1} is not valid for an empty pipeline.");
    }
    String first = stages.getFirst().getFirstKey();
    if (!first.equals("$documents")) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "{aggregate: 1} is not valid for '" + first + "'; a collection is required.");
    }
    Iterator<BsonDocument> results = parsed.run(List.<BsonDocument>of().iterator());
    return new MongoLakeCursor<>() {
      @Override
      public boolean hasNext() {
        return results.hasNext();
      }

      @Override
      public BsonDocument next() {
        return results.next();
      }

      @Override
      public void close() {}
    };
  }

  /** A change stream on this database from now (see {@link MongoLakeChangeStream}). */
  public MongoLakeChangeStream watch() {
    return watch(java.util.List.of(), ChangeStreamOptions.defaults());
  }

  /**
   * A change stream on this database: its events shaped by {@code pipeline} (only the stages
   * MongoDB allows after {@code $changeStream}), starting as {@code options} say.
   *
   * @throws MongoLakeException ChangeStreamHistoryLost for a start the log no longer holds,
   *     IllegalOperation for a stage not allowed in a change stream
   */
  public MongoLakeChangeStream watch(
      java.util.List<? extends org.bson.conversions.Bson> pipeline, ChangeStreamOptions options) {
    return MongoLakeChangeStream.open(
        engine,
        new dev.mongolake.internal.changestream.ChangeStreamScope(name, null),
        pipeline,
        options);
  }
}
