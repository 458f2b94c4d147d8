package dev.mongolake.delta.query.internal.schema;

import dev.mongolake.delta.query.internal.operators.BsonTypeAliases;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonType;
import org.bson.BsonValue;

/** Parses {@code bsonType} and {@code type} operands into the BSON types they name. */
final class TypeSets {
  private static final Set<BsonType> NUMBERS =
      EnumSet.of(BsonType.DOUBLE, BsonType.INT32, BsonType.INT64, BsonType.DECIMAL128);

  private static final Map<String, Set<BsonType>> JSON_TYPES =
      Map.of(
          "array", EnumSet.of(BsonType.ARRAY),
          "boolean", EnumSet.of(BsonType.BOOLEAN),
          "null", EnumSet.of(BsonType.NULL),
          "number", NUMBERS,
          "object", EnumSet.of(BsonType.DOCUMENT),
          "string", EnumSet.of(BsonType.STRING));

  private TypeSets() {}

  /** The keyword for {@code bsonType} or {@code type} ({@code json}) with this operand. */
  static TypeKeyword parse(String keyword, BsonValue operand, boolean json) {
    if (!operand.isString() && !operand.isArray()) {
      throw SchemaErrors.keywordType(keyword, "must be either a string or an array of strings");
    }
    Set<String> aliases = new LinkedHashSet<>();
    List<BsonValue> entries = operand.isArray() ? operand.asArray().getValues() : List.of(operand);
    for (BsonValue entry : entries) {
      if (!entry.isString()) {
        throw SchemaErrors.keywordType(keyword, "array elements must be strings");
      }
      String alias = entry.asString().getValue();
      if (alias.equals("integer")) {
        throw SchemaErrors.failedToParse("$jsonSchema type 'integer' is not currently supported.");
      }
      if (!aliases.add(alias)) {
        throw SchemaErrors.keywordValue(keyword, "has duplicate value: " + alias);
      }
    }
    Set<BsonType> types = EnumSet.noneOf(BsonType.class);
    for (String alias : aliases) {
      Optional<Set<BsonType>> named =
          json ? Optional.ofNullable(JSON_TYPES.get(alias)) : BsonTypeAliases.byName(alias);
      types.addAll(
          named.orElseThrow(() -> SchemaErrors.badValue("Unknown type name alias: " + alias)));
    }
    if (types.isEmpty()) {
      throw SchemaErrors.keywordValue(keyword, "must name at least one type");
    }
    return new TypeKeyword(keyword, operand, types);
  }
}
