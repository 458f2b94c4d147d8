package dev.mongolake.delta.query.internal.explain;

import java.util.EnumSet;
import java.util.Set;
import org.bson.BsonType;

/**
 * How MongoDB explains one field operator: its reasons (normal and inverted), whether it looks at
 * an array's elements ({@code traverse}) or at the array, the types it needs (a value of none of
 * them is "type did not match"), and whether it reports the values it considered.
 */
record LeafKind(
    String normal,
    String inverted,
    boolean traverse,
    Set<BsonType> expected,
    boolean reportsValues,
    boolean reportsTypes) {

  private static final Set<BsonType> NUMBERS =
      EnumSet.of(BsonType.INT32, BsonType.INT64, BsonType.DOUBLE, BsonType.DECIMAL128);
  private static final String COMPARISON_FAILED = "comparison failed";
  private static final String COMPARISON_SUCCEEDED = "comparison succeeded";
  private static final String IN_FAILED = "no matching value found in array";
  private static final String IN_SUCCEEDED = "matching value found in array";

  /** The kind of {@code operator}; {@code positive} is false for {@code $exists: false}. */
  static LeafKind of(String operator, boolean positive) {
    return switch (operator) {
      case "$ne" -> values(COMPARISON_SUCCEEDED, COMPARISON_FAILED);
      case "$in" -> values(IN_FAILED, IN_SUCCEEDED);
      case "$nin" -> values(IN_SUCCEEDED, IN_FAILED);
      case "$exists" ->
          positive
              ? new LeafKind("path does not exist", "path does exist", true, Set.of(), false, false)
              : new LeafKind(
                  "path does exist", "path does not exist", true, Set.of(), false, false);
      case "$type" ->
          new LeafKind("type did not match", "type did match", true, Set.of(), true, true);
      case "$regex" ->
          typed(
              "regular expression did not match",
              "regular expression did match",
              true,
              EnumSet.of(BsonType.STRING, BsonType.SYMBOL, BsonType.REGULAR_EXPRESSION));
      case "$mod" ->
          typed(
              "$mod did not evaluate to expected remainder",
              "$mod did evaluate to expected remainder",
              true,
              NUMBERS);
      case "$size" ->
          typed(
              "array length was not equal to given size",
              "array length was equal to given size",
              false,
              EnumSet.of(BsonType.ARRAY));
      case "$elemMatch" ->
          typed(
              "array did not satisfy the child predicate",
              "array did satisfy the child predicate",
              false,
              EnumSet.of(BsonType.ARRAY));
      case "$all" ->
          new LeafKind(
              "array did not contain all specified values",
              "array did contain all specified values",
              false,
              Set.of(),
              true,
              false);
      case "$bitsAllSet", "$bitsAllClear", "$bitsAnySet", "$bitsAnyClear" -> {
        Set<BsonType> bits = EnumSet.copyOf(NUMBERS);
        bits.add(BsonType.BINARY);
        yield typed(
            "bitwise operator failed to match",
            "bitwise operator matched successfully",
            true,
            bits);
      }
      default -> values(COMPARISON_FAILED, COMPARISON_SUCCEEDED);
    };
  }

  private static LeafKind values(String normal, String inverted) {
    return new LeafKind(normal, inverted, true, Set.of(), true, false);
  }

  private static LeafKind typed(
      String normal, String inverted, boolean traverse, Set<BsonType> expected) {
    return new LeafKind(normal, inverted, traverse, expected, true, false);
  }
}
