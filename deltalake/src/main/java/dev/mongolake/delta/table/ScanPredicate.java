package dev.mongolake.delta.table;

import dev.mongolake.delta.parquet.ColumnType;
import dev.mongolake.delta.parquet.PromotedColumn;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.query.ParquetColumnType;
import dev.mongolake.delta.query.PushdownColumn;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;

/**
 * The Parquet predicate a filtered scan hands to each file: the filter's pushdown on the scalar
 * promoted columns and on {@code _id} ({@link IdPushdown}), both necessary conditions, joined with
 * AND.
 */
final class ScanPredicate {
  private ScanPredicate() {}

  static FilterCompat.Filter of(Filter filter, DocumentTableConfig config) {
    Optional<FilterPredicate> promoted =
        filter.toParquetPredicate(pushdownColumns(config)).predicate();
    Optional<FilterPredicate> id = IdPushdown.of(filter.root(), config.idEncoding());
    return Stream.concat(promoted.stream(), id.stream())
        .reduce(FilterApi::and)
        .map(FilterCompat::get)
        .orElse(FilterCompat.NOOP);
  }

  /** The scalar promoted columns; list columns are not pushdown columns. */
  static Set<PushdownColumn> pushdownColumns(DocumentTableConfig config) {
    Set<PushdownColumn> columns = new HashSet<>();
    for (PromotedColumn column : config.schema().columns()) {
      if (!column.list()) {
        columns.add(PushdownColumn.of(column.path(), parquetType(column.type())));
      }
    }
    return columns;
  }

  private static ParquetColumnType parquetType(ColumnType type) {
    return switch (type) {
      case STRING -> ParquetColumnType.STRING;
      case INT -> ParquetColumnType.INT32;
      case LONG -> ParquetColumnType.INT64;
      case DOUBLE -> ParquetColumnType.DOUBLE;
      case BOOL -> ParquetColumnType.BOOLEAN;
      case TIMESTAMP -> ParquetColumnType.TIMESTAMP_MICROS;
    };
  }
}
