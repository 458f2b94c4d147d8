package dev.mongolake.internal.index;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.internal.SpecNesting;
import dev.mongolake.internal.read.QueryErrors;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Validates index specifications in the {@code createIndexes} form ({@code {key, name?, unique?,
 * sparse?, partialFilterExpression?, expireAfterSeconds?}}) with MongoDB's errors, and derives
 * default names ({@code email_1_age_-1}).
 */
public final class IndexSpecParser {

  /** Options accepted and ignored: they change nothing in how this engine builds indexes. */
  private static final Set<String> IGNORED = Set.of("v", "background", "ns");

  private static final Set<String> KNOWN =
      Set.of(
          "key",
          "name",
          "unique",
          "sparse",
          "partialFilterExpression",
          "expireAfterSeconds",
          "hidden",
          "collation");

  private IndexSpecParser() {}

  /**
   * Parses the specification of an index being created, which must also be one MongoDB creates (its
   * partial filter uses only what MongoDB allows there, see {@link PartialFilterCheck}). Indexes
   * already in the catalog or the log are read with {@link #parse}, so an index written before a
   * check was added still opens.
   */
  public static IndexSpec parseForCreate(BsonDocument spec) {
    return parseForCreate(spec, Collation.SIMPLE);
  }

  /**
   * {@link #parseForCreate(BsonDocument)} for a collection whose default collation is {@code
   * collectionDefault}: an index without a {@code collation} of its own takes it, as in MongoDB.
   */
  public static IndexSpec parseForCreate(BsonDocument spec, Collation collectionDefault) {
    IndexSpec parsed = parse(spec, collectionDefault);
    if (parsed.partialFilter() != null) {
      PartialFilterCheck.check(parsed.partialFilter());
    }
    return parsed;
  }

  /** Parses one specification; without a {@code collation}, the index's is simple. */
  public static IndexSpec parse(BsonDocument spec) {
    return parse(spec, Collation.SIMPLE);
  }

  private static IndexSpec parse(BsonDocument spec, Collation absentCollation) {
    SpecNesting.check(spec, "index specification");
    for (String field : spec.keySet()) {
      if (!KNOWN.contains(field) && !IGNORED.contains(field)) {
        throw new MongoLakeException(
            ErrorCode.INVALID_INDEX_SPECIFICATION_OPTION,
            "The field '"
                + field
                + "' is not valid for an index specification. Specification: "
                + "{ "
                + BsonDebugText.fields(spec)
                + " }");
      }
    }
    if (!spec.isDocument("key")) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "The 'key' field is a required property of an index specification");
    }
    BsonDocument keys = spec.getDocument("key");
    validateKeys(keys);
    String name = spec.isString("name") ? spec.getString("name").getValue() : defaultName(keys);
    if (spec.containsKey("name") && !spec.isString("name")) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH, "The field 'name' must be a string in an index specification");
    }
    if (name.isEmpty()) {
      throw new MongoLakeException(ErrorCode.CANNOT_CREATE_INDEX, "Index name cannot be empty");
    }
    boolean unique = flag(spec, "unique");
    boolean sparse = flag(spec, "sparse");
    BsonDocument partial = null;
    if (spec.containsKey("partialFilterExpression")) {
      if (!spec.isDocument("partialFilterExpression")) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH, "The field 'partialFilterExpression' must be an object");
      }
      partial = spec.getDocument("partialFilterExpression");
      QueryErrors.parseFilter(partial);
      if (sparse) {
        throw new MongoLakeException(
            ErrorCode.CANNOT_CREATE_INDEX,
            "cannot mix \"partialFilterExpression\" and \"sparse\" options");
      }
    }
    Long ttl = null;
    if (spec.containsKey("expireAfterSeconds")) {
      BsonValue value = spec.get("expireAfterSeconds");
      if (!value.isNumber() || value.asNumber().doubleValue() < 0) {
        throw new MongoLakeException(
            ErrorCode.CANNOT_CREATE_INDEX,
            "TTL index 'expireAfterSeconds' option must be a non-negative number, not "
                + BsonDebugText.value(value));
      }
      if (keys.size() != 1) {
        throw new MongoLakeException(
            ErrorCode.CANNOT_CREATE_INDEX,
            "TTL indexes are single-field indexes, compound indexes do not support TTL");
      }
      ttl = value.asNumber().longValue();
    }
    if (name.equals(IndexSpec.ID_INDEX_NAME) && !isIdPattern(keys)) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "The index name '_id_' is reserved for the _id index");
    }
    boolean hidden = flag(spec, "hidden");
    if (hidden && isIdPattern(keys)) {
      throw new MongoLakeException(ErrorCode.BAD_VALUE, "can't hide _id index");
    }
    Collation collation =
        spec.containsKey("collation")
            ? QueryErrors.parseCollation(spec.get("collation"))
            : absentCollation;
    return new IndexSpec(name, keys, unique, sparse, partial, ttl, hidden, collation);
  }

  /** Whether {@code keys} is the {@code _id} index's pattern. */
  public static boolean isIdPattern(BsonDocument keys) {
    return keys.size() == 1
        && keys.containsKey("_id")
        && keys.get("_id").isNumber()
        && keys.get("_id").asNumber().doubleValue() > 0;
  }

  private static boolean flag(BsonDocument spec, String field) {
    BsonValue value = spec.get(field);
    if (value == null || value.isNull()) {
      return false;
    }
    if (value.isBoolean()) {
      return value.asBoolean().getValue();
    }
    if (value.isNumber()) {
      return value.asNumber().doubleValue() != 0;
    }
    throw new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "The field '" + field + "' must be a boolean in an index specification");
  }

  private static void validateKeys(BsonDocument keys) {
    if (keys.isEmpty()) {
      throw new MongoLakeException(ErrorCode.CANNOT_CREATE_INDEX, "Index keys cannot be empty.");
    }
    for (Map.Entry<String, BsonValue> key : keys.entrySet()) {
      String field = key.getKey();
      if (field.isEmpty() || field.startsWith(".") || field.endsWith(".") || field.contains("..")) {
        throw new MongoLakeException(
            ErrorCode.CANNOT_CREATE_INDEX, "Index keys cannot be an empty field.");
      }
      if (field.startsWith("$")) {
        throw new MongoLakeException(
            ErrorCode.CANNOT_CREATE_INDEX,
            "Index key contains an illegal field name: field name starts with '$'.");
      }
      BsonValue direction = key.getValue();
      if (direction.isString()) {
        throw new MongoLakeException(
            ErrorCode.CANNOT_CREATE_INDEX,
            "Cannot create index: index type '"
                + direction.asString().getValue()
                + "' is not supported; use 1 or -1");
      }
      if (!direction.isNumber()) {
        throw new MongoLakeException(
            ErrorCode.CANNOT_CREATE_INDEX,
            "Values in the index key pattern can only be numbers or strings.");
      }
      if (direction.asNumber().doubleValue() == 0) {
        throw new MongoLakeException(
            ErrorCode.CANNOT_CREATE_INDEX, "Values in v:2 index key pattern cannot be 0.");
      }
    }
  }

  /** MongoDB's default name: each field and its direction joined by underscores. */
  public static String defaultName(BsonDocument keys) {
    StringBuilder name = new StringBuilder();
    for (Map.Entry<String, BsonValue> key : keys.entrySet()) {
      if (!name.isEmpty()) {
        name.append('_');
      }
      name.append(key.getKey()).append('_');
      BsonValue direction = key.getValue();
      if (direction.isNumber()) {
        double d = direction.asNumber().doubleValue();
        name.append(d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d));
      } else {
        name.append(direction.isString() ? direction.asString().getValue() : direction.toString());
      }
    }
    return name.toString();
  }
}
