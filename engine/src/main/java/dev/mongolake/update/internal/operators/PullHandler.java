package dev.mongolake.update.internal.operators;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.update.internal.ElementMatcher;
import dev.mongolake.update.internal.FieldConditionKind;
import dev.mongolake.update.internal.FieldModification;
import dev.mongolake.update.internal.FieldModifierHandler;
import dev.mongolake.update.internal.FilterConditions;
import org.bson.BsonValue;

/**
 * {@code $pull}: removes the elements that match. A document argument is a condition: operators
 * ({@code {$gte: 6}}) apply to each element, plain fields ({@code {score: 8}}) form a query on
 * document elements; a regular expression removes the strings it matches; any other argument
 * removes the elements equal to it. Conditions and equality compare strings by the command's
 * collation; a regular expression ignores it, as in MongoDB.
 */
public final class PullHandler extends FieldModifierHandler {
  @Override
  public String name() {
    return "$pull";
  }

  @Override
  protected FieldModification modification(
      String field, BsonValue argument, BsonComparisonOrder order) {
    ElementMatcher matcher =
        switch (FieldConditionKind.of(argument)) {
          case OPERATORS -> FilterConditions.ofOperators(argument.asDocument(), order.collation());
          case QUERY -> FilterConditions.ofQuery(argument.asDocument(), order.collation());
          case PATTERN -> FilterConditions.ofPattern(argument.asRegularExpression());
          case VALUE -> {
            BsonValue value = ValueCopies.copy(argument);
            yield element -> order.equivalent(value, element);
          }
        };
    return new ArrayCulling(matcher);
  }
}
