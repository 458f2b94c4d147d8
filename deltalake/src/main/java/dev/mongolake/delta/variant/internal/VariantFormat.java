package dev.mongolake.delta.variant.internal;

import java.util.Set;

/**
 * Constants of the Parquet Variant binary encoding (VariantEncoding.md) and of MongoLake's wrapper
 * objects for BSON types that Variant lacks.
 */
final class VariantFormat {
  private VariantFormat() {}

  static final int BASIC_PRIMITIVE = 0;
  static final int BASIC_SHORT_STRING = 1;
  static final int BASIC_OBJECT = 2;
  static final int BASIC_ARRAY = 3;

  static final int NULL = 0;
  static final int TRUE = 1;
  static final int FALSE = 2;
  static final int INT8 = 3;
  static final int INT16 = 4;
  static final int INT32 = 5;
  static final int INT64 = 6;
  static final int DOUBLE = 7;
  static final int DECIMAL4 = 8;
  static final int DECIMAL8 = 9;
  static final int DECIMAL16 = 10;
  static final int DATE = 11;
  static final int TIMESTAMP_MICROS = 12;
  static final int TIMESTAMP_NTZ_MICROS = 13;
  static final int FLOAT = 14;
  static final int BINARY = 15;
  static final int STRING = 16;
  static final int TIME_NTZ_MICROS = 17;
  static final int TIMESTAMP_NANOS = 18;
  static final int TIMESTAMP_NTZ_NANOS = 19;
  static final int UUID = 20;

  static final int METADATA_VERSION = 1;
  static final int MAX_SHORT_STRING = 63;

  static final String OBJECT_ID = "$oid";
  static final String DATE_MILLIS = "$date";
  static final String BINARY_WITH_SUBTYPE = "$binary";
  static final String UNDEFINED = "$undefined";
  static final String REGEX = "$regularExpression";
  static final String DB_POINTER = "$dbPointer";
  static final String JAVASCRIPT = "$code";
  static final String JAVASCRIPT_WITH_SCOPE = "$codeWithScope";
  static final String SYMBOL = "$symbol";
  static final String TIMESTAMP = "$timestamp";
  static final String DECIMAL = "$numberDecimal";
  static final String MIN_KEY = "$minKey";
  static final String MAX_KEY = "$maxKey";
  static final String ESCAPED_DOCUMENT = "$document";

  /**
   * A one-field object whose key is one of these is a wrapper. A user document of that exact shape
   * is itself wrapped in {@code $document}, so decoding is unambiguous.
   */
  static final Set<String> WRAPPER_KEYS =
      Set.of(
          OBJECT_ID,
          DATE_MILLIS,
          BINARY_WITH_SUBTYPE,
          UNDEFINED,
          REGEX,
          DB_POINTER,
          JAVASCRIPT,
          JAVASCRIPT_WITH_SCOPE,
          SYMBOL,
          TIMESTAMP,
          DECIMAL,
          MIN_KEY,
          MAX_KEY,
          ESCAPED_DOCUMENT);

  /** Bytes needed to store {@code value} as an unsigned little-endian integer (1..4). */
  static int unsignedSize(long value) {
    if (value <= 0xFFL) {
      return 1;
    }
    if (value <= 0xFFFFL) {
      return 2;
    }
    if (value <= 0xFFFFFFL) {
      return 3;
    }
    return 4;
  }
}
