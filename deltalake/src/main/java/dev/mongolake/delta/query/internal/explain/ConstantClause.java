package dev.mongolake.delta.query.internal.explain;

import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/** {@code $alwaysTrue} or {@code $alwaysFalse}. */
record ConstantClause(String operator, BsonValue operand, boolean value) implements Clause {

  @Override
  public boolean matches(BsonDocument document) {
    return value;
  }

  @Override
  public BsonDocument explain(BsonDocument document, boolean inverted) {
    return new BsonDocument("operatorName", new BsonString(operator))
        .append("specifiedAs", new BsonDocument(operator, operand))
        .append(
            "reason",
            new BsonString(
                value
                    ? "expression always evaluates to true"
                    : "expression always evaluates to false"));
  }
}
