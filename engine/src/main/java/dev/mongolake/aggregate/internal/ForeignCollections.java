package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeWriteException;
import dev.mongolake.Namespace;
import dev.mongolake.aggregate.Pipeline;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Access to the other collections of the command's database, for the stages that read or write
 * them: names resolve in the command's database and are validated as MongoDB does; reads go through
 * the collection's query planner (indexes, pruning) like a find.
 */
final class ForeignCollections {

  private ForeignCollections() {}

  /** The collection {@code name} of the command's database, checked as {@code stage} names it. */
  static MongoLakeCollection<BsonDocument> collection(
      PipelineContext context, String database, String name, String stage) {
    String db = database == null ? context.environment().databaseName() : database;
    try {
      new Namespace(db, name);
    } catch (MongoLakeException e) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE, "invalid " + stage + " namespace: " + db + "." + name);
    }
    return context.environment().database(db).collection(name, BsonDocument.class);
  }

  /**
   * The documents of {@code collection} matching {@code filter}, read whole (and closed); a view's
   * blocking stages keep to the command's {@code allowDiskUse}.
   */
  static List<BsonDocument> findAll(
      MongoLakeCollection<BsonDocument> collection, BsonDocument filter, boolean allowDiskUse) {
    List<BsonDocument> out = new ArrayList<>();
    try (MongoLakeCursor<BsonDocument> cursor =
        collection.find(filter).allowDiskUse(allowDiskUse).iterator()) {
      cursor.forEachRemaining(out::add);
    }
    return out;
  }

  /**
   * The documents of {@code collection} a pipeline's find prefix names, with {@code extra} (or
   * {@code null}) and-ed to its filter, read whole; {@code variables} are the values the prefix's
   * {@code $expr} may read. The prefix's sort keeps to the command's {@code allowDiskUse}.
   */
  static List<BsonDocument> findAll(
      MongoLakeCollection<BsonDocument> collection,
      Pipeline.FindPrefix prefix,
      BsonDocument extra,
      BsonDocument variables,
      boolean allowDiskUse) {
    BsonDocument filter = and(extra, prefix.filter());
    // The prefix's $expr reads the sub-pipeline's variables: passed as the find's let, each value
    // a literal so that it is never read as a field path or an operator.
    BsonDocument let = new BsonDocument();
    variables.forEach((name, value) -> let.put(name, new BsonDocument("$literal", value)));
    List<BsonDocument> out = new ArrayList<>();
    try (MongoLakeCursor<BsonDocument> cursor =
        collection
            .find(filter)
            .let(let)
            .sort(prefix.sort())
            .skip(prefix.skip())
            .limit(prefix.limit())
            .allowDiskUse(allowDiskUse)
            .iterator()) {
      cursor.forEachRemaining(out::add);
    }
    return out;
  }

  /**
   * Inserts {@code documents} in order, failing as the first refused one does (a duplicate key: the
   * command fails with that error, as MongoDB's {@code $out} and {@code $merge} do).
   */
  static void insert(MongoLakeCollection<BsonDocument> collection, List<BsonDocument> documents) {
    try {
      collection.insertMany(documents);
    } catch (MongoLakeWriteException e) {
      throw e.errors().getFirst().toException();
    }
  }

  /** {@code a} and {@code b} (either may be {@code null} or empty). */
  static BsonDocument and(BsonDocument a, BsonDocument b) {
    if (a == null || a.isEmpty()) {
      return b == null ? new BsonDocument() : b;
    }
    if (b == null || b.isEmpty()) {
      return a;
    }
    return new BsonDocument("$and", new BsonArray(List.of(a, b)));
  }

  /**
   * The filter matching documents whose {@code path} equals one of {@code values} as a query's
   * equality does (arrays match by element, null matches missing): {@code $eq} for one value,
   * {@code $in} for several, and an {@code $or} of {@code $eq}s when one is a regular expression
   * ({@code $in} would match by it).
   */
  static BsonDocument equalToAny(String path, List<BsonValue> values) {
    if (values.size() == 1) {
      return new BsonDocument(path, new BsonDocument("$eq", values.getFirst()));
    }
    if (values.stream().anyMatch(BsonValue::isRegularExpression)) {
      BsonArray alternatives = new BsonArray();
      for (BsonValue value : values) {
        alternatives.add(new BsonDocument(path, new BsonDocument("$eq", value)));
      }
      return new BsonDocument("$or", alternatives);
    }
    return new BsonDocument(path, new BsonDocument("$in", new BsonArray(values)));
  }
}
