package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $regexMatch}, {@code $regexFind} and {@code $regexFindAll}: {@code {input, regex,
 * options?}}. A match is {@code {match, idx, captures}} with {@code idx} in code points and null
 * for a group that did not take part. A constant regex is compiled once, at parse time, so that its
 * errors come even from an empty collection, as in MongoDB.
 *
 * @param name the operator
 * @param mode what the operator answers
 * @param input the string searched
 * @param regex the pattern (string or BSON regex)
 * @param options the flags, or {@code null} when not given
 * @param precompiled the compiled constant regex, or {@code null} when it depends on the document
 */
record RegexExpression(
    String name,
    Mode mode,
    Expression input,
    Expression regex,
    Expression options,
    RegexSpec precompiled)
    implements Expression {

  /** What a regex operator answers. */
  enum Mode {
    MATCH,
    FIND,
    FIND_ALL
  }

  /** Registers the three operators. */
  static void register(OperatorRegistry.Builder registry) {
    registry.operator(
        "$regexMatch", (name, arguments, scope) -> parse(name, Mode.MATCH, arguments, scope));
    registry.operator(
        "$regexFind", (name, arguments, scope) -> parse(name, Mode.FIND, arguments, scope));
    registry.operator(
        "$regexFindAll", (name, arguments, scope) -> parse(name, Mode.FIND_ALL, arguments, scope));
  }

  private static Expression parse(
      String name, Mode mode, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51103,
          name + " expects an object of named arguments but found: " + BsonTypeNames.of(arguments));
    }
    Expression input = null;
    Expression regex = null;
    Expression options = null;
    for (Map.Entry<String, BsonValue> argument : spec.entrySet()) {
      Expression parsed = ExpressionParser.parse(argument.getValue(), scope);
      switch (argument.getKey()) {
        case "input" -> input = parsed;
        case "regex" -> regex = parsed;
        case "options" -> options = parsed;
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_31024,
                name + " found an unknown argument: " + argument.getKey());
      }
    }
    if (input == null) {
      throw new MongoLakeException(ErrorCode.LOCATION_31022, name + " requires 'input' parameter");
    }
    if (regex == null) {
      throw new MongoLakeException(ErrorCode.LOCATION_31023, name + " requires 'regex' parameter");
    }
    RegexSpec precompiled = null;
    if (regex.isConstant() && (options == null || options.isConstant())) {
      precompiled =
          RegexSpec.of(
              name,
              regex.evaluate(null),
              options == null ? BsonNull.VALUE : options.evaluate(null));
    }
    return new RegexExpression(name, mode, input, regex, options, precompiled);
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    RegexSpec spec = precompiled;
    if (spec == null) {
      BsonValue flags = options == null ? BsonNull.VALUE : options.evaluate(variables);
      spec = RegexSpec.of(name, regex.evaluate(variables), flags);
    }
    BsonValue text = input.evaluate(variables);
    if (!ExpressionValues.isNullish(text) && !(text instanceof BsonString)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51104, name + " needs 'input' to be of type string");
    }
    if (ExpressionValues.isNullish(text) || spec.pattern() == null) {
      return switch (mode) {
        case MATCH -> BsonBoolean.FALSE;
        case FIND -> BsonNull.VALUE;
        case FIND_ALL -> new BsonArray();
      };
    }
    String subject = text.asString().getValue();
    Matcher matcher = spec.pattern().matcher(BoundedSubject.of(subject));
    try {
      return switch (mode) {
        case MATCH -> BsonBoolean.valueOf(matcher.find());
        case FIND -> matcher.find() ? match(matcher, subject) : BsonNull.VALUE;
        case FIND_ALL -> findAll(matcher, subject);
      };
    } catch (StackOverflowError | BoundedSubject.BudgetExceeded e) {
      // Where PCRE stops at its match limit, java.util.regex runs out of stack or of budget.
      throw new MongoLakeException(
          ErrorCode.LOCATION_51156,
          "Error occurred while executing the regular expression in "
              + name
              + ". Result code: match limit exceeded");
    }
  }

  /**
   * Every match, left to right without overlap. After an empty match the search resumes one code
   * point further on; as in MongoDB, no search starts at the very end of a non-empty subject, so an
   * empty match there is not reported.
   */
  private static BsonArray findAll(Matcher matcher, String subject) {
    BsonArray matches = new BsonArray();
    int from = 0;
    do {
      if (!matcher.find(from)) {
        break;
      }
      matches.add(match(matcher, subject));
      if (matcher.end() == matcher.start()) {
        if (matcher.start() >= subject.length()) {
          break;
        }
        from = matcher.start() + Character.charCount(subject.codePointAt(matcher.start()));
      } else {
        from = matcher.end();
      }
    } while (from < subject.length());
    return matches;
  }

  private static BsonDocument match(Matcher matcher, String subject) {
    BsonArray captures = new BsonArray();
    for (int group = 1; group <= matcher.groupCount(); group++) {
      String captured = matcher.group(group);
      captures.add(captured == null ? BsonNull.VALUE : new BsonString(captured));
    }
    return new BsonDocument()
        .append("match", new BsonString(matcher.group()))
        .append("idx", new BsonInt32(subject.codePointCount(0, matcher.start())))
        .append("captures", captures);
  }

  @Override
  public List<Expression> children() {
    List<Expression> all = new ArrayList<>(List.of(input, regex));
    if (options != null) {
      all.add(options);
    }
    return all;
  }
}
