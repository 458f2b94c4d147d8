package dev.mongolake.aggregate.internal.expression;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonValue;

/** How operators read their argument lists. */
public final class Arguments {

  private Arguments() {}

  /**
   * The arguments of an operator that takes a list: the elements of {@code [a, b, ...]}, or {@code
   * value} itself as the only argument when it is not an array (MongoDB's {@code {$abs: "$x"}}).
   */
  public static List<Expression> list(BsonValue value, VariableScope scope) {
    if (value instanceof BsonArray array) {
      List<Expression> out = new ArrayList<>(array.size());
      for (BsonValue element : array) {
        out.add(ExpressionParser.parse(element, scope));
      }
      return out;
    }
    return List.of(ExpressionParser.parse(value, scope));
  }
}
