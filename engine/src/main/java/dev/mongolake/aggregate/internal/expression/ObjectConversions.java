package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $mergeObjects}, {@code $objectToArray} and {@code $arrayToObject}. Where a key repeats,
 * the last value wins and the key keeps the position where it first appeared, as MongoDB's
 * documents do.
 */
final class ObjectConversions {

  private ObjectConversions() {}

  /** {@code $mergeObjects}: the documents merged left to right; nullish arguments are skipped. */
  static BsonValue merge(InOrderCall.Lazy arguments) {
    BsonDocument out = new BsonDocument();
    for (int i = 0; i < arguments.size(); i++) {
      BsonValue argument = arguments.get(i);
      if (ExpressionValues.isNullish(argument)) {
        continue;
      }
      if (!(argument instanceof BsonDocument document)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40400,
            "$mergeObjects requires object inputs, but input "
                + ValueText.of(argument)
                + " is of type "
                + Substrings.typeName(argument));
      }
      out.putAll(document);
    }
    return out;
  }

  /** {@code $objectToArray}: {@code [{k, v}, ...]} in field order; null for nullish. */
  static BsonValue objectToArray(BsonValue[] arguments) {
    BsonValue input = arguments[0];
    if (ExpressionValues.isNullish(input)) {
      return BsonNull.VALUE;
    }
    if (!(input instanceof BsonDocument document)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40390,
          "$objectToArray requires a document input, found: " + Substrings.typeName(input));
    }
    BsonArray pairs = new BsonArray();
    for (Map.Entry<String, BsonValue> field : document.entrySet()) {
      pairs.add(
          new BsonDocument("k", new BsonString(field.getKey())).append("v", field.getValue()));
    }
    return pairs;
  }

  /**
   * {@code $arrayToObject}: from {@code [[k, v], ...]} or {@code [{k, v}, ...]}; the first element
   * decides the form and every other must follow it.
   */
  static BsonValue arrayToObject(BsonValue[] arguments) {
    BsonValue input = arguments[0];
    if (ExpressionValues.isNullish(input)) {
      return BsonNull.VALUE;
    }
    if (!(input instanceof BsonArray array)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40386,
          "$arrayToObject requires an array input, found: " + Substrings.typeName(input));
    }
    BsonDocument out = new BsonDocument();
    if (array.isEmpty()) {
      return out;
    }
    boolean pairs;
    if (array.get(0) instanceof BsonArray) {
      pairs = true;
    } else if (array.get(0) instanceof BsonDocument) {
      pairs = false;
    } else {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40398,
          "Unrecognised input type format for $arrayToObject: "
              + Substrings.typeName(array.get(0)));
    }
    for (BsonValue element : array) {
      if (pairs) {
        addPair(out, element);
      } else {
        addKeyValueDocument(out, element);
      }
    }
    return out;
  }

  private static void addPair(BsonDocument out, BsonValue element) {
    if (!(element instanceof BsonArray pair)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40396,
          "$arrayToObject requires a consistent input format. Elements mustall be arrays or all be"
              + " objects. Array was detected, now found: "
              + Substrings.typeName(element));
    }
    if (pair.size() != 2) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40397,
          "$arrayToObject requires an array of size 2 arrays,found array of size: " + pair.size());
    }
    if (!(pair.get(0) instanceof BsonString key)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40395,
          "$arrayToObject requires an array of key-value pairs, where the key must be of type"
              + " string. Found key type: "
              + Substrings.typeName(pair.get(0)));
    }
    if (key.getValue().indexOf('\0') >= 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_4940400, "Key field cannot contain an embedded null byte");
    }
    out.put(key.getValue(), pair.get(1));
  }

  private static void addKeyValueDocument(BsonDocument out, BsonValue element) {
    if (!(element instanceof BsonDocument document)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40391,
          "$arrayToObject requires a consistent input format. Elements mustall be arrays or all be"
              + " objects. Object was detected, now found: "
              + Substrings.typeName(element));
    }
    if (document.size() != 2) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40392,
          "$arrayToObject requires an object keys of 'k' and 'v'. Found incorrect number of keys:"
              + document.size());
    }
    BsonValue key = document.get("k");
    BsonValue value = document.get("v");
    if (key == null || value == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40393,
          "$arrayToObject requires an object with keys 'k' and 'v'. Missing either or both keys"
              + " from: "
              + ValueText.of(document));
    }
    if (!(key instanceof BsonString keyString)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40394,
          "$arrayToObject requires an object with keys 'k' and 'v', where the value of 'k' must be"
              + " of type string. Found type: "
              + Substrings.typeName(key));
    }
    if (keyString.getValue().indexOf('\0') >= 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_4940401, "Key field cannot contain an embedded null byte");
    }
    out.put(keyString.getValue(), value);
  }
}
