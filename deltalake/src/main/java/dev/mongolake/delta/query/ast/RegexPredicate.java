package dev.mongolake.delta.query.ast;

import java.util.Objects;
import java.util.regex.Pattern;
import org.bson.BsonValue;

/**
 * {@code $regex} (with {@code $options}) and a regular expression literal: matches strings and
 * symbols the pattern finds a match in, and regular expression values with the same pattern and
 * options; arrays match when an element does.
 *
 * @param pattern the pattern as written
 * @param options the options as written (any of {@code imsxu})
 * @param compiled the compiled pattern (not part of equality)
 */
public record RegexPredicate(String pattern, String options, Pattern compiled)
    implements FieldPredicate {
  public RegexPredicate {
    Objects.requireNonNull(pattern, "pattern");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(compiled, "compiled");
  }

  @Override
  public boolean matches(PathValues values) {
    return values.anyExpanded(this::matchesSingle);
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    return switch (value.getBsonType()) {
      case STRING -> compiled.matcher(value.asString().getValue()).find();
      case SYMBOL -> compiled.matcher(value.asSymbol().getSymbol()).find();
      case REGULAR_EXPRESSION ->
          value.asRegularExpression().getPattern().equals(pattern)
              && value.asRegularExpression().getOptions().equals(options);
      default -> false;
    };
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RegexPredicate that
        && pattern.equals(that.pattern)
        && options.equals(that.options);
  }

  @Override
  public int hashCode() {
    return Objects.hash(pattern, options);
  }

  @Override
  public String toString() {
    return "RegexPredicate[/" + pattern + "/" + options + "]";
  }
}
