package dev.mongolake.aggregate.internal.expression;

import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code [<expression>, ...]}: an array whose elements are computed; a missing element becomes
 * null, as in MongoDB.
 *
 * @param elements the element expressions
 */
public record ArrayExpression(List<Expression> elements) implements Expression {

  public ArrayExpression {
    elements = List.copyOf(elements);
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonArray out = new BsonArray(new java.util.ArrayList<>(elements.size()));
    for (Expression element : elements) {
      BsonValue value = element.evaluate(variables);
      out.add(value == null ? BsonNull.VALUE : value);
    }
    return out;
  }

  @Override
  public List<Expression> children() {
    return elements;
  }
}
