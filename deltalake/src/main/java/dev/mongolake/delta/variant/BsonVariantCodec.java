package dev.mongolake.delta.variant;

import dev.mongolake.delta.variant.internal.StrictBsonReader;
import dev.mongolake.delta.variant.internal.VariantDecoder;
import dev.mongolake.delta.variant.internal.VariantEncoder;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;

/**
 * Converts BSON documents to and from the Parquet Variant binary encoding (VariantEncoding.md,
 * metadata version 1), losslessly: {@code decode(encode(doc)).equals(doc)} for every document
 * without duplicate keys, field order included.
 *
 * <p>BSON types with a Variant counterpart use it, so other engines (DuckDB, Spark) see native
 * values: double, string, object, array, boolean, null, int32, int64, binary (subtype 0), uuid
 * (binary subtype 4 of 16 bytes), timestamp with time zone in microseconds (BSON date), and
 * decimal4/8/16 (Decimal128 values with a scale of 0..38). The other BSON types are one-field
 * wrapper objects shaped after MongoDB Extended JSON: {@code {"$oid": "<hex>"}}, {@code {"$date":
 * <int64 millis>}} (dates too far from 1970 for microseconds), {@code {"$binary": {"bytes",
 * "subType"}}}, {@code {"$undefined": true}}, {@code {"$regularExpression": {"pattern",
 * "options"}}}, {@code {"$dbPointer": {"$ref", "$id"}}}, {@code {"$code": ...}}, {@code
 * {"$codeWithScope": {"$code", "$scope"}}}, {@code {"$symbol": ...}}, {@code {"$timestamp": {"t",
 * "i"}}}, {@code {"$numberDecimal": "<string>"}} (NaN, infinities, -0 and extreme exponents),
 * {@code {"$minKey": 1}} and {@code {"$maxKey": 1}}. A user document that itself has exactly one
 * field named like a wrapper is stored as {@code {"$document": <the document>}}, so decoding is
 * never ambiguous. docs/documents-as-parquet.md has the full table.
 *
 * <p>Field order: object values are written in document order; the spec requires only the field
 * id/offset lists to be sorted by key, so order costs no extra bytes and is restored by reading
 * values in offset order.
 *
 * <p>Stateless and thread-safe.
 */
public final class BsonVariantCodec {
  private BsonVariantCodec() {}

  /**
   * Encodes a document (a {@code RawBsonDocument} too).
   *
   * @throws VariantCodecException if an object holds the same key twice, which Variant forbids
   */
  public static EncodedVariant encode(BsonDocument document) {
    return VariantEncoder.encode(document);
  }

  /**
   * Reads a raw BSON document into a {@link BsonDocument} tree at every level, so that repeated
   * field lookups do not rescan bytes (a {@code RawBsonDocument}'s {@code get} does).
   *
   * @throws VariantCodecException if an object holds the same key twice
   */
  public static BsonDocument materialize(RawBsonDocument document) {
    return StrictBsonReader.read(document);
  }

  /**
   * Decodes a Variant holding an object.
   *
   * @throws VariantCodecException if the bytes are malformed or hold no object
   */
  public static BsonDocument decode(byte[] metadata, byte[] value) {
    return VariantDecoder.decodeDocument(metadata, value);
  }

  /**
   * Decodes a Variant holding any value (an object, an array or a scalar, as other writers such as
   * Spark store them) to the nearest BSON value.
   *
   * @throws VariantCodecException if the bytes are malformed
   */
  public static org.bson.BsonValue decodeValue(EncodedVariant variant) {
    return VariantDecoder.decodeValue(variant.metadata(), variant.value());
  }

  /** Decodes an encoded Variant holding an object; see {@link #decode(byte[], byte[])}. */
  public static BsonDocument decode(EncodedVariant variant) {
    return decode(variant.metadata(), variant.value());
  }
}
