package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code {$dateToString: {date, format, timezone, onNull}}}: a date as text. The format is checked
 * before the date (so a bad format fails even for a null date), the time zone next, then a null or
 * missing date answers {@code onNull} (null by default).
 */
record DateToString(Expression date, Expression format, Expression timezone, Expression onNull)
    implements Expression {

  private static final Set<String> ARGUMENTS = Set.of("date", "format", "timezone", "onNull");

  static Expression parse(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_18629, "$dateToString only supports an object as its argument");
    }
    DateOperatorArguments named =
        DateOperatorArguments.parse(
            spec,
            ARGUMENTS,
            scope,
            field ->
                new MongoLakeException(
                    ErrorCode.LOCATION_18534, "Unrecognized argument to $dateToString: " + field));
    if (!named.has("date")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_18628, "Missing 'date' parameter to $dateToString");
    }
    DateToString parsed =
        new DateToString(
            named.get("date"), named.get("format"), named.get("timezone"), named.get("onNull"));
    return DateConstantArguments.checkedUnlessFoldable(
        parsed, () -> DateConstantArguments.zone(parsed.timezone()));
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonValue dateValue = date.evaluate(variables);
    BsonValue formatValue = DateOperatorArguments.evaluate(format, variables);
    if (format != null && !ExpressionValues.isNullish(formatValue)) {
      if (!formatValue.isString()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_18533,
            "$dateToString requires that 'format' be a string, found: "
                + BsonTypeNames.of(formatValue)
                + " with value "
                + DateValues.describe(formatValue));
      }
      DateFormat.validateToString(formatValue.asString().getValue());
    }
    DateZone zone = TimeZones.evaluate(timezone, variables);
    if (ExpressionValues.isNullish(dateValue)) {
      return onNull == null ? BsonNull.VALUE : onNull.evaluate(variables);
    }
    if (zone == null) {
      return BsonNull.VALUE;
    }
    String pattern;
    if (format != null) {
      if (ExpressionValues.isNullish(formatValue)) {
        return BsonNull.VALUE;
      }
      pattern = formatValue.asString().getValue();
    } else {
      pattern = zone.utc() ? DateFormat.ISO_UTC : DateFormat.ISO_LOCAL;
    }
    return new BsonString(DateFormat.format(pattern, DateValues.toMillis(dateValue), zone));
  }

  @Override
  public List<Expression> children() {
    return DateOperatorArguments.present(date, format, timezone, onNull);
  }
}
