package dev.mongolake.delta.query.internal.parquet;

import dev.mongolake.delta.order.BsonTypeBracket;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import dev.mongolake.delta.query.internal.RegexPrefix;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators.BinaryColumn;
import org.apache.parquet.io.api.Binary;
import org.bson.BsonValue;

/**
 * A BINARY (UTF8) column of BSON strings. Parquet orders UTF8 by unsigned bytes, which is MongoDB's
 * simple binary collation, so every comparison pushes as is.
 */
final class StringColumn implements TypedColumn {
  private final BinaryColumn column;

  StringColumn(String path) {
    this.column = FilterApi.binaryColumn(path);
  }

  @Override
  public BsonTypeBracket bracket() {
    return BsonTypeBracket.STRING;
  }

  @Override
  public FilterPredicate isNull() {
    return FilterApi.eq(column, (Binary) null);
  }

  @Override
  public ColumnRestriction restrict(ComparisonOperator operator, BsonValue operand) {
    String text =
        operand.isString() ? operand.asString().getValue() : operand.asSymbol().getSymbol();
    Binary value = Binary.fromString(text);
    return ColumnRestriction.of(
        switch (operator) {
          case EQ -> FilterApi.eq(column, value);
          case GT -> FilterApi.gt(column, value);
          case GTE -> FilterApi.gtEq(column, value);
          case LT -> FilterApi.lt(column, value);
          case LTE -> FilterApi.ltEq(column, value);
        });
  }

  /** Strings that start with the prefix: {@code [prefix, upperBound)}. */
  ColumnRestriction prefixRange(RegexPrefix prefix) {
    FilterPredicate atLeast = FilterApi.gtEq(column, Binary.fromString(prefix.prefix()));
    return ColumnRestriction.of(
        prefix
            .upperBound()
            .map(upper -> FilterApi.and(atLeast, FilterApi.lt(column, Binary.fromString(upper))))
            .orElse(atLeast));
  }
}
