package dev.mongolake.delta.query.ast;

import java.util.OptionalLong;
import org.bson.BsonValue;

/**
 * {@code $mod: [divisor, remainder]}: a number (or an array element) whose value truncated toward
 * zero has that remainder ({@code %} semantics: the sign follows the dividend). NaN, infinities and
 * non-numbers never match.
 */
public record ModPredicate(long divisor, long remainder) implements FieldPredicate {
  public ModPredicate {
    if (divisor == 0) {
      throw new IllegalArgumentException("divisor cannot be 0");
    }
  }

  @Override
  public boolean matches(PathValues values) {
    return values.anyExpanded(this::matchesSingle);
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    OptionalLong dividend = IntegralValues.truncated(value);
    return dividend.isPresent() && dividend.getAsLong() % divisor == remainder;
  }
}
