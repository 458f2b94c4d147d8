package dev.mongolake.delta.query;

import java.util.Objects;

/**
 * A document path that a data file also stores as a native typed Parquet column.
 *
 * <p>Contract for writers, which makes pushdown sound: for each document, the column holds the
 * value at {@code documentPath} when the path reaches exactly one value, that value is not an
 * array, and it belongs to the column's type ({@link ParquetColumnType}) and converts exactly;
 * otherwise (missing, null, array, another type, not representable) the column is null. The Parquet
 * predicates built from it therefore always keep rows whose column is null.
 *
 * @param documentPath the dotted document path ({@code "profile.name"})
 * @param parquetColumnPath the dotted Parquet column path
 * @param type the column's Parquet type
 */
public record PromotedColumn(
    String documentPath, String parquetColumnPath, ParquetColumnType type) {
  public PromotedColumn {
    Objects.requireNonNull(documentPath, "documentPath");
    Objects.requireNonNull(parquetColumnPath, "parquetColumnPath");
    Objects.requireNonNull(type, "type");
  }

  /** A column whose Parquet path is the document path. */
  public static PromotedColumn of(String documentPath, ParquetColumnType type) {
    return new PromotedColumn(documentPath, documentPath, type);
  }
}
