package dev.mongolake.delta.rows;

import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.rows.internal.BsonValues;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.bson.BsonDocument;

/**
 * One row of a Delta table (or one value of a struct column), by the logical schema: {@code
 * values.get(i)} is the value of {@code schema.fields().get(i)}, or null.
 *
 * <p>Values are Java objects of the column's current type (a value a file stored in a narrower type
 * before the column was widened comes back widened): {@code byte} {@link Byte}, {@code short}
 * {@link Short}, {@code integer} {@link Integer}, {@code long} {@link Long}, {@code float} {@link
 * Float}, {@code double} {@link Double}, {@code decimal} {@link java.math.BigDecimal} (of the
 * column's scale), {@code boolean} {@link Boolean}, {@code string} {@link String}, {@code binary}
 * {@code byte[]}, {@code date} {@link java.time.LocalDate}, {@code timestamp} {@link
 * java.time.Instant}, {@code timestamp_ntz} {@link java.time.LocalDateTime}, struct {@link
 * TableRow}, array {@link List}, map {@link java.util.Map} (in file order), {@code variant} {@link
 * dev.mongolake.delta.variant.EncodedVariant} (decode it with {@link
 * dev.mongolake.delta.variant.BsonVariantCodec#decodeValue}).
 *
 * <p>Immutable (a {@code byte[]} value excepted, which callers must not change).
 *
 * @param schema the logical schema of the row
 * @param values one value per field, in schema order
 */
public record TableRow(StructType schema, List<Object> values) {
  public TableRow {
    if (values.size() != schema.fields().size()) {
      throw new IllegalArgumentException(
          "Cannot create a row of " + schema.fields().size() + " fields from " + values.size());
    }
    values = Collections.unmodifiableList(new ArrayList<>(values));
  }

  /**
   * The value of the field of that logical name (null when the value is null).
   *
   * @throws IllegalArgumentException when the schema has no such field
   */
  public Object get(String name) {
    List<StructField> fields = schema.fields();
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).name().equals(name)) {
        return values.get(i);
      }
    }
    throw new IllegalArgumentException("Cannot get column " + name + ": not in " + schema);
  }

  /**
   * The row as a document keyed by logical names, for the MongoDB filter language: integral values
   * as Int32 ({@code long} as Int64), floating values as Double, decimals as Decimal128 (rounded to
   * its 34 digits), dates and timestamps as UTC date-times (to the millisecond, rounded down),
   * binary as Binary, structs as documents, arrays as arrays, maps with string keys as documents
   * and other maps as arrays of {@code {key, value}} documents, variants as the BSON value they
   * encode ({@link dev.mongolake.delta.variant.BsonVariantCodec#decodeValue}). Null values are BSON
   * nulls.
   */
  public BsonDocument toDocument() {
    return BsonValues.document(this);
  }
}
