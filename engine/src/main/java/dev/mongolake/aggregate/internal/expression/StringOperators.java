package dev.mongolake.aggregate.internal.expression;

import java.util.List;
import org.bson.BsonValue;

/**
 * The string operators, as MongoDB defines them: byte-counting ({@code $substrBytes}, {@code
 * $strLenBytes}, {@code $indexOfBytes}) and code-point-counting ({@code $substrCP}, {@code
 * $strLenCP}, {@code $indexOfCP}) forms ({@link Substrings}, {@link StringSearch}), ASCII-only case
 * operators and {@code $concat} ({@link StringCase}), {@code $split}, trimming ({@link
 * StringTrim}), replacing ({@link StringReplace}) and the regex operators ({@link
 * RegexExpression}). {@code $toString} belongs to the type operators.
 */
final class StringOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {
    InOrderCall.register(registry, "$concat", Arity.any(), StringCase::concat);
    registry.function("$toUpper", Arity.exactly(1), StringCase::toUpper);
    registry.function("$toLower", Arity.exactly(1), StringCase::toLower);
    registry.function("$strcasecmp", Arity.exactly(2), StringCase::compareIgnoringCase);
    registry.operator("$substr", StringOperators::substr);
    registry.function("$substrBytes", Arity.exactly(3), Substrings::bytes);
    registry.function("$substrCP", Arity.exactly(3), Substrings::codePoints);
    registry.function("$strLenBytes", Arity.exactly(1), Substrings::lengthInBytes);
    registry.function("$strLenCP", Arity.exactly(1), Substrings::lengthInCodePoints);
    InOrderCall.register(
        registry, "$indexOfBytes", Arity.between(2, 4), StringSearch::indexOfBytes);
    InOrderCall.register(
        registry, "$indexOfCP", Arity.between(2, 4), StringSearch::indexOfCodePoints);
    registry.function("$split", Arity.exactly(2), StringSearch::split);
    StringTrim.register(registry);
    StringReplace.register(registry);
    RegexExpression.register(registry);
  }

  /** {@code $substr} is {@code $substrBytes} under another name, and says so in its errors. */
  private static Expression substr(String name, BsonValue arguments, VariableScope scope) {
    List<Expression> parsed = Arguments.list(arguments, scope);
    Arity.exactly(3).check("$substrBytes", parsed.size());
    return new FunctionCall(name, parsed, Substrings::bytes);
  }
}
