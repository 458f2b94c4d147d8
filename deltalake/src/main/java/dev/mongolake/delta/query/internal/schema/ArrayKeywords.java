package dev.mongolake.delta.query.internal.schema;

import dev.mongolake.delta.query.internal.parse.IntegerOperand;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Parses {@code minItems}, {@code maxItems}, {@code uniqueItems}, {@code items}, {@code
 * additionalItems}.
 */
final class ArrayKeywords {
  private ArrayKeywords() {}

  static void parse(BsonDocument schema, List<SchemaKeyword> out) {
    count(schema, "minItems", true, out);
    count(schema, "maxItems", false, out);
    BsonValue unique = schema.get("uniqueItems");
    if (unique != null) {
      if (!unique.isBoolean()) {
        throw SchemaErrors.keywordType("uniqueItems", "must be a boolean");
      }
      if (unique.asBoolean().getValue()) {
        out.add(new UniqueItemsKeyword());
      }
    }
    int additionalFrom = items(schema.get("items"), out);
    BsonValue additional = schema.get("additionalItems");
    if (additional == null) {
      return;
    }
    if (!additional.isBoolean() && !additional.isDocument()) {
      throw SchemaErrors.keywordType(
          "additionalItems",
          "must be either an object or a boolean, but got a " + SchemaErrors.typeOf(additional));
    }
    Subschema additionalSchema =
        additional.isDocument() ? SchemaParser.parse(additional.asDocument()) : null;
    // As in MongoDB, additionalItems only counts after an array of items.
    if (additionalFrom < 0) {
      return;
    }
    if (additionalSchema != null) {
      out.add(ItemsKeyword.additional(additionalSchema, additionalFrom));
    } else if (!additional.asBoolean().getValue()) {
      out.add(new NoAdditionalItemsKeyword(additionalFrom));
    }
  }

  private static void count(
      BsonDocument schema, String keyword, boolean minimum, List<SchemaKeyword> out) {
    BsonValue operand = schema.get(keyword);
    if (operand != null) {
      long limit = IntegerOperand.nonNegativeLong(keyword, operand);
      out.add(new ItemCountKeyword(keyword, operand, limit, minimum));
    }
  }

  /** Adds the {@code items} keyword; returns where additional items start, or -1 for none. */
  private static int items(BsonValue items, List<SchemaKeyword> out) {
    if (items == null) {
      return -1;
    }
    if (items.isDocument()) {
      out.add(ItemsKeyword.items(SchemaParser.parse(items.asDocument())));
      return -1;
    }
    if (!items.isArray()) {
      throw SchemaErrors.keywordType(
          "items", "must be an array or an object, not " + SchemaErrors.typeOf(items));
    }
    List<Subschema> positions = new ArrayList<>();
    for (BsonValue position : items.asArray()) {
      positions.add(
          SchemaParser.nested(
              position,
              () ->
                  SchemaErrors.keywordType(
                      "items",
                      "requires that each element of the array is an object, but found a "
                          + SchemaErrors.typeOf(position))));
    }
    out.add(new TupleItemsKeyword(positions));
    return positions.size();
  }
}
