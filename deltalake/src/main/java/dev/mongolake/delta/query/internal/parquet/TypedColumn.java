package dev.mongolake.delta.query.internal.parquet;

import dev.mongolake.delta.order.BsonTypeBracket;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.bson.BsonValue;

/** A promoted Parquet column seen through the BSON type class it holds. */
interface TypedColumn {
  /** The type class of every non-null value of the column. */
  BsonTypeBracket bracket();

  /** The column is null. */
  FilterPredicate isNull();

  /**
   * What {@code value <op> operand} requires of the column's non-null values; {@code operand} is in
   * {@link #bracket()}.
   */
  ColumnRestriction restrict(ComparisonOperator operator, BsonValue operand);
}
