package dev.mongolake.delta.parquet;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * When a promoted column is exact in a file: for every document of the file, the aggregation field
 * path {@code $<path>} yields either missing (and the column is null) or a value the column gives
 * back with the same BSON type and value, and the path never crosses an array. Then a reader may
 * take the field from the column instead of decoding the document. An explicit BSON null, a value
 * that does not fit, a number the column widens (an Int32 in a {@code long} column), an array
 * anywhere on the path and any list column make the column inexact.
 */
public final class ColumnExactness {
  private static final String PATHS = "paths";

  private ColumnExactness() {}

  /** Whether {@code document} keeps {@code column} exact. */
  public static boolean holds(PromotedColumn column, BsonDocument document) {
    return holds(column, column.segments(), document);
  }

  /**
   * {@link #holds(PromotedColumn, BsonDocument)} with the column's {@link
   * PromotedColumn#segments()} computed once by a caller checking many documents.
   */
  public static boolean holds(PromotedColumn column, List<String> segments, BsonDocument document) {
    if (column.list()) {
      return false;
    }
    BsonDocument parent = document;
    for (int i = 0; i < segments.size() - 1; i++) {
      BsonValue step = parent.get(segments.get(i));
      if (step == null) {
        return true;
      }
      if (step.isArray()) {
        return false;
      }
      if (!step.isDocument()) {
        // A scalar (or null) above the leaf: the path is missing and the column is null.
        return true;
      }
      parent = step.asDocument();
    }
    BsonValue leaf = parent.get(segments.getLast());
    return leaf == null || reproduces(column.type(), leaf);
  }

  /** Whether a column of {@code type} reads {@code value} back with its own type and value. */
  static boolean reproduces(ColumnType type, BsonValue value) {
    boolean sameType =
        switch (type) {
          // UTF-8 cannot carry a lone surrogate, nor a dictionary keep a NaN's payload.
          case STRING -> value.isString() && wellFormed(value.asString().getValue());
          case INT -> value.isInt32();
          case LONG -> value.isInt64();
          case DOUBLE -> value.isDouble() && canonical(value.asDouble().getValue());
          case BOOL -> value.isBoolean();
          case TIMESTAMP -> value.isDateTime();
        };
    return sameType && type.fits(value);
  }

  /** Whether {@code text} survives UTF-8: no lone surrogate. */
  public static boolean wellFormed(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  private static boolean canonical(double value) {
    return Double.doubleToRawLongBits(value) == Double.doubleToLongBits(value);
  }

  /** The footer value for {@code paths}: {@code {"paths": [...]}} as relaxed Extended JSON. */
  public static String footerValue(Iterable<String> paths) {
    BsonArray array = new BsonArray();
    paths.forEach(path -> array.add(new BsonString(path)));
    return new BsonDocument(PATHS, array).toJson();
  }

  /** The paths a footer value lists; empty for null (a file written before the key existed). */
  public static Set<String> parseFooterValue(String value) {
    if (value == null) {
      return Set.of();
    }
    Set<String> paths = new LinkedHashSet<>();
    BsonDocument.parse(value)
        .getArray(PATHS)
        .forEach(path -> paths.add(path.asString().getValue()));
    return Collections.unmodifiableSet(paths);
  }
}
