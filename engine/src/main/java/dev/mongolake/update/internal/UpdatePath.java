package dev.mongolake.update.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.List;
import java.util.Optional;

/**
 * A dotted update path ({@code a.0.b}, {@code a.$.b}, {@code a.$[].b}, {@code a.$[x].b}) split into
 * its parts. Parts are kept as written: whether {@code "0"} is an array index or a field name
 * depends on the document the update is applied to.
 */
public record UpdatePath(String dotted, List<String> parts) {
  /** The positional part, replaced by the array position the query matched. */
  public static final String POSITIONAL = "$";

  /** The all-positional part, addressing every element of an array. */
  public static final String ALL_POSITIONAL = "$[]";

  public UpdatePath {
    parts = List.copyOf(parts);
  }

  /**
   * Parses and validates an update path as MongoDB does: no empty path, no empty part, at most one
   * {@code $}, and no positional part in the first position.
   */
  public static UpdatePath parse(String dotted) {
    if (dotted.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.EMPTY_FIELD_NAME, "An empty update path is not valid.");
    }
    List<String> parts = List.of(dotted.split("\\.", -1));
    int positionalCount = 0;
    for (String part : parts) {
      if (part.isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.EMPTY_FIELD_NAME,
            "The update path '" + dotted + "' contains an empty field name, which is not allowed.");
      }
      if (part.equals(POSITIONAL)) {
        positionalCount++;
      }
    }
    if (positionalCount > 1) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Too many positional (i.e. '$') elements found in path '" + dotted + "'");
    }
    String first = parts.getFirst();
    if (first.equals(POSITIONAL)) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Cannot have positional (i.e. '$') element in the first position in path '"
              + dotted
              + "'");
    }
    if (isArrayUpdatePart(first)) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Cannot have array filter identifier (i.e. '$[<id>]') element in the first position in"
              + " path '"
              + dotted
              + "'");
    }
    return new UpdatePath(dotted, parts);
  }

  /** Whether {@code part} is {@code $[]} or {@code $[<identifier>]}. */
  public static boolean isArrayUpdatePart(String part) {
    return part.startsWith("$[") && part.endsWith("]");
  }

  /** The identifier of a {@code $[<identifier>]} part, empty for any other part. */
  public static Optional<String> arrayFilterIdentifier(String part) {
    if (isArrayUpdatePart(part) && part.length() > 3) {
      return Optional.of(part.substring(2, part.length() - 1));
    }
    return Optional.empty();
  }

  /** Whether {@code part} can address an array element (decimal digits only). */
  public static boolean isArrayIndex(String part) {
    if (part.isEmpty()) {
      return false;
    }
    for (int i = 0; i < part.length(); i++) {
      char c = part.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /** The number of parts. */
  public int size() {
    return parts.size();
  }

  /** The part at {@code index}. */
  public String part(int index) {
    return parts.get(index);
  }

  /** Whether any part is {@code $}, {@code $[]} or {@code $[<identifier>]}. */
  public boolean isDynamic() {
    return parts.stream().anyMatch(p -> p.equals(POSITIONAL) || isArrayUpdatePart(p));
  }

  /** The dotted form of the first {@code count} parts. */
  public String prefix(int count) {
    return String.join(".", parts.subList(0, count));
  }

  /** Whether this path equals {@code other} or is one of its ancestors. */
  public boolean isPrefixOf(UpdatePath other) {
    return other.parts.size() >= parts.size() && other.parts.subList(0, parts.size()).equals(parts);
  }

  @Override
  public String toString() {
    return dotted;
  }
}
