package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.IndexAccesses;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $indexStats: {}}: one document per index of the pipeline's collection, {@code {name, key,
 * host, accesses: {ops, since}, spec}}, where {@code ops} counts the queries the planner ran
 * through the index since {@code since} (engine open or index creation). First stage only; the
 * collection's documents are not read. A collection that does not exist has no indexes; a view
 * fails CommandNotSupportedOnView.
 */
record IndexStatsStage() implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isDocument() || !specification.asDocument().isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28803, "The $indexStats stage specification must be an empty object");
    }
    return new IndexStatsStage();
  }

  @Override
  public String name() {
    return "$indexStats";
  }

  @Override
  public StagePosition position() {
    return StagePosition.FIRST;
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    // Reads no field of the collection's documents.
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    String collection =
        context
            .environment()
            .collectionName()
            .orElseThrow(
                () ->
                    new MongoLakeException(
                        ErrorCode.INVALID_NAMESPACE,
                        "{aggregate: 1} is not valid for '$indexStats'; a collection is"
                            + " required."));
    String host = context.environment().host();
    List<BsonDocument> out = new ArrayList<>();
    for (IndexAccesses index :
        context
            .environment()
            .database(context.environment().databaseName())
            .collection(collection)
            .indexAccesses()) {
      BsonDocument spec = index.spec();
      out.add(
          new BsonDocument("name", spec.get("name"))
              .append("key", spec.get("key"))
              .append("host", new BsonString(host))
              .append(
                  "accesses",
                  new BsonDocument("ops", new BsonInt64(index.ops()))
                      .append("since", new BsonDateTime(index.since().toEpochMilli())))
              .append("spec", spec));
    }
    return out.iterator();
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), new BsonDocument());
  }
}
