package dev.mongolake.aggregate.internal.expression;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code {a: <expression>, b: {c: <expression>}}}: a document whose fields are computed; fields
 * whose value is missing are left out.
 *
 * @param fields the field names and their expressions, in order
 */
public record ObjectExpression(Map<String, Expression> fields) implements Expression {

  public ObjectExpression {
    fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonDocument out = new BsonDocument();
    fields.forEach(
        (name, expression) -> {
          BsonValue value = expression.evaluate(variables);
          if (value != null) {
            out.put(name, value);
          }
        });
    return out;
  }

  @Override
  public List<Expression> children() {
    return new ArrayList<>(fields.values());
  }
}
