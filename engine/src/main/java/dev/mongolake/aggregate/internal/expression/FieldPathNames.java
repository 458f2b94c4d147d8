package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;

/** MongoDB's rules for the field names of a dotted path ({@code FieldPath}), in one place. */
public final class FieldPathNames {

  private FieldPathNames() {}

  /**
   * The field names of {@code dotted}.
   *
   * @throws MongoLakeException 40353 for a path ending in '.', 15998 for an empty field name, 16410
   *     for one starting with '$'
   */
  public static String[] split(String dotted) {
    if (dotted.endsWith(".")) {
      throw trailingDot();
    }
    String[] names = dotted.split("\\.", -1);
    for (String name : names) {
      if (name.isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_15998, "FieldPath field names may not be empty strings.");
      }
      if (name.startsWith("$")) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_16410,
            "FieldPath field names may not start with '$'. Consider using $getField or"
                + " $setField.");
      }
    }
    return names;
  }

  /** MongoDB's error for a field path whose last character is a dot. */
  public static MongoLakeException trailingDot() {
    return new MongoLakeException(ErrorCode.LOCATION_40353, "FieldPath must not end with a '.'.");
  }

  /**
   * The field names of a path a stage names ({@code $unwind}'s, {@code $lookup}'s {@code as}): as
   * {@link #split}, and 40352 for an empty path.
   */
  public static String[] splitPath(String dotted) {
    if (dotted.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40352, "FieldPath cannot be constructed with empty string");
    }
    return split(dotted);
  }
}
