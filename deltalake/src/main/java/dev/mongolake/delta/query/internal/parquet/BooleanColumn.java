package dev.mongolake.delta.query.internal.parquet;

import dev.mongolake.delta.order.BsonTypeBracket;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.bson.BsonValue;

/** A BOOLEAN column of BSON booleans: equality pushes; ranges over booleans are not pushed. */
final class BooleanColumn implements TypedColumn {
  private final Operators.BooleanColumn column;

  BooleanColumn(String path) {
    this.column = FilterApi.booleanColumn(path);
  }

  @Override
  public BsonTypeBracket bracket() {
    return BsonTypeBracket.BOOLEAN;
  }

  @Override
  public FilterPredicate isNull() {
    return FilterApi.eq(column, (Boolean) null);
  }

  @Override
  public ColumnRestriction restrict(ComparisonOperator operator, BsonValue operand) {
    return operator == ComparisonOperator.EQ
        ? ColumnRestriction.of(FilterApi.eq(column, operand.asBoolean().getValue()))
        : ColumnRestriction.ALL;
  }
}
