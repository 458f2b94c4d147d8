package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.List;
import java.util.Set;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code {$dateFromString: {dateString, format, timezone, onError, onNull}}}: the date a string
 * names. The format and time zone are checked first; a null or missing string answers {@code
 * onNull}; a string that cannot be read (ConversionFailure) answers {@code onError} when given.
 * Without a format only ISO 8601 strings are read ({@link IsoDateStrings}).
 */
record DateFromString(
    Expression dateString,
    Expression format,
    Expression timezone,
    Expression onNull,
    Expression onError)
    implements Expression {

  private static final Set<String> ARGUMENTS =
      Set.of("dateString", "format", "timezone", "onNull", "onError");

  static Expression parse(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40540,
          "$dateFromString only supports an object as an argument, found: "
              + BsonTypeNames.of(arguments));
    }
    DateOperatorArguments named =
        DateOperatorArguments.parse(
            spec,
            ARGUMENTS,
            scope,
            field ->
                new MongoLakeException(
                    ErrorCode.LOCATION_40541,
                    "Unrecognized argument to $dateFromString: " + field));
    if (!named.has("dateString")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40542, "Missing 'dateString' parameter to $dateFromString");
    }
    DateFromString parsed =
        new DateFromString(
            named.get("dateString"),
            named.get("format"),
            named.get("timezone"),
            named.get("onNull"),
            named.get("onError"));
    return DateConstantArguments.checkedUnlessFoldable(
        parsed, () -> DateConstantArguments.zone(parsed.timezone()));
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonValue text = dateString.evaluate(variables);
    BsonValue formatValue = DateOperatorArguments.evaluate(format, variables);
    if (format != null && !ExpressionValues.isNullish(formatValue)) {
      if (!formatValue.isString()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40684,
            "$dateFromString requires that 'format' be a string, found: "
                + BsonTypeNames.of(formatValue)
                + " with value "
                + DateValues.describe(formatValue));
      }
      DateFormat.validate(formatValue.asString().getValue(), DateStringFormat.SPECIFIERS);
    }
    DateZone zone = TimeZones.evaluate(timezone, variables);
    if (ExpressionValues.isNullish(text)) {
      return onNull == null ? BsonNull.VALUE : onNull.evaluate(variables);
    }
    try {
      if (!text.isString()) {
        throw new MongoLakeException(
            ErrorCode.CONVERSION_FAILURE,
            "$dateFromString requires that 'dateString' be a string, found: "
                + BsonTypeNames.of(text)
                + " with value "
                + DateValues.describe(text));
      }
      if (zone == null) {
        return BsonNull.VALUE;
      }
      String string = text.asString().getValue();
      DateStringFields fields;
      if (format != null) {
        if (ExpressionValues.isNullish(formatValue)) {
          return BsonNull.VALUE;
        }
        fields = DateStringFormat.parse(formatValue.asString().getValue(), string);
      } else {
        fields = IsoDateStrings.parse(string);
      }
      return new BsonDateTime(fields.toMillis(zone));
    } catch (MongoLakeException e) {
      if (onError != null && e.errorCode() == ErrorCode.CONVERSION_FAILURE) {
        return onError.evaluate(variables);
      }
      throw e;
    }
  }

  @Override
  public List<Expression> children() {
    return DateOperatorArguments.present(dateString, format, timezone, onNull, onError);
  }
}
