package dev.mongolake.aggregate.internal.expression;

/**
 * The date operators, all with an optional {@code timezone} (an Olson name or a UTC offset): the
 * parts of a date ({@code $year} ... {@code $isoDayOfWeek}), {@code $dateToString}, {@code
 * $dateFromString}, {@code $dateToParts}, {@code $dateFromParts}, and the calendar arithmetic
 * {@code $dateAdd}, {@code $dateSubtract}, {@code $dateDiff} and {@code $dateTrunc}. Dates are BSON
 * dates, or timestamps and ObjectIds read as their seconds.
 */
final class DateOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {
    DatePartOperators.register(registry);
    registry.operator("$dateToString", DateToString::parse);
    registry.operator("$dateFromString", DateFromString::parse);
    registry.operator("$dateToParts", DateToParts::parse);
    registry.operator("$dateFromParts", DateFromParts::parse);
    registry.operator("$dateAdd", DateArithmetic.parser(1));
    registry.operator("$dateSubtract", DateArithmetic.parser(-1));
    registry.operator("$dateDiff", DateDiff::parse);
    registry.operator("$dateTrunc", DateTrunc::parse);
  }
}
