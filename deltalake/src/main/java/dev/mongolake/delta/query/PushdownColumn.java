package dev.mongolake.delta.query;

import java.util.Objects;

/**
 * A document path that a data file also stores as a native typed scalar Parquet column (a promoted
 * column, or {@code _id}), as the Parquet pushdown sees it.
 *
 * <p>Contract for writers, which makes pushdown sound: for each document the column is either null,
 * or holds exactly the document's value at {@code documentPath}, and then the path reaches exactly
 * that one value (not missing, not an array, not several values through an array). A writer may
 * leave the column null for any document (a value of another type, one that does not convert
 * exactly, an array); the predicates built on it always keep rows whose column is null. List
 * columns are not pushdown columns.
 *
 * @param documentPath the dotted document path ({@code "profile.name"})
 * @param parquetColumnPath the dotted Parquet column path
 * @param type the column's Parquet type
 */
public record PushdownColumn(
    String documentPath, String parquetColumnPath, ParquetColumnType type) {
  public PushdownColumn {
    Objects.requireNonNull(documentPath, "documentPath");
    Objects.requireNonNull(parquetColumnPath, "parquetColumnPath");
    Objects.requireNonNull(type, "type");
  }

  /** A column whose Parquet path is the document path. */
  public static PushdownColumn of(String documentPath, ParquetColumnType type) {
    return new PushdownColumn(documentPath, documentPath, type);
  }
}
