package dev.mongolake.delta.query.internal.parquet;

import dev.mongolake.delta.order.BsonTypeBracket;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators.BinaryColumn;
import org.apache.parquet.io.api.Binary;
import org.bson.BsonValue;

/**
 * A string column of ObjectIds in lower-case hex: fixed width, so byte order of the hex equals the
 * order of the ObjectIds' bytes, and every comparison pushes (this is how point queries on {@code
 * _id} reach the bloom filter).
 */
final class ObjectIdHexColumn implements TypedColumn {
  private final BinaryColumn column;

  ObjectIdHexColumn(String path) {
    this.column = FilterApi.binaryColumn(path);
  }

  @Override
  public BsonTypeBracket bracket() {
    return BsonTypeBracket.OBJECT_ID;
  }

  @Override
  public FilterPredicate isNull() {
    return FilterApi.eq(column, (Binary) null);
  }

  @Override
  public ColumnRestriction restrict(ComparisonOperator operator, BsonValue operand) {
    Binary value = Binary.fromString(operand.asObjectId().getValue().toHexString());
    return ColumnRestriction.of(
        switch (operator) {
          case EQ -> FilterApi.eq(column, value);
          case GT -> FilterApi.gt(column, value);
          case GTE -> FilterApi.gtEq(column, value);
          case LT -> FilterApi.lt(column, value);
          case LTE -> FilterApi.ltEq(column, value);
        });
  }
}
