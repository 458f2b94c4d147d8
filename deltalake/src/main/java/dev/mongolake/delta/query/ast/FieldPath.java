package dev.mongolake.delta.query.ast;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A dotted field path such as {@code a.b.0.c}, resolved with MongoDB's rules for traversing arrays:
 *
 * <ul>
 *   <li>a document contributes the named field, or "missing" when it lacks it;
 *   <li>a scalar met before the end of the path makes the path missing;
 *   <li>an array met before the end of the path contributes, for each element that is a document,
 *       the rest of the path resolved in that element (elements that are scalars or nested arrays
 *       are skipped, so an empty array contributes nothing);
 *   <li>a numeric component ({@code 0}, {@code 12}) applied to an array also selects the element at
 *       that position; documents in the array that have a field of that name contribute too;
 *   <li>the value at the end of the path is returned as is, arrays included: predicates decide
 *       whether to look at the array, its elements, or both.
 * </ul>
 *
 * @param components the non-empty path components, in order
 */
public record FieldPath(List<String> components) {
  public FieldPath {
    components = List.copyOf(components);
    if (components.isEmpty()) {
      throw new IllegalArgumentException("A field path needs at least one component");
    }
  }

  /** Splits a dotted path. */
  public static FieldPath of(String dotted) {
    Objects.requireNonNull(dotted, "dotted");
    return new FieldPath(List.of(dotted.split("\\.", -1)));
  }

  /** The path in dotted form. */
  public String dotted() {
    return String.join(".", components);
  }

  /** Whether any component is an array index (such paths are never pushed down). */
  public boolean hasNumericComponent() {
    return components.stream().anyMatch(FieldPath::isArrayIndex);
  }

  /** Resolves the path in a document. */
  public PathValues resolve(BsonDocument document) {
    List<BsonValue> values = new ArrayList<>(1);
    boolean[] missing = {false};
    walk(document, 0, values, missing);
    return new PathValues(values, missing[0]);
  }

  private void walk(BsonValue current, int index, List<BsonValue> out, boolean[] missing) {
    if (index == components.size()) {
      out.add(current);
      return;
    }
    String name = components.get(index);
    if (current.isDocument()) {
      BsonValue next = current.asDocument().get(name);
      if (next == null) {
        missing[0] = true;
      } else {
        walk(next, index + 1, out, missing);
      }
    } else if (current.isArray()) {
      walkArray(current.asArray(), name, index, out, missing);
    } else {
      missing[0] = true;
    }
  }

  private void walkArray(
      BsonArray array, String name, int index, List<BsonValue> out, boolean[] missing) {
    boolean positional = isArrayIndex(name);
    boolean found = false;
    if (positional) {
      int position = parseIndex(name);
      if (position < array.size()) {
        walkSelectedElement(array.get(position), index + 1, out, missing);
        found = true;
      }
    }
    for (BsonValue element : array) {
      if (!element.isDocument()) {
        continue;
      }
      BsonValue next = element.asDocument().get(name);
      if (next != null) {
        walk(next, index + 1, out, missing);
        found = true;
      } else if (!positional) {
        missing[0] = true;
      }
    }
    if (positional && !found) {
      missing[0] = true;
    }
  }

  // An element selected by position is not traversed implicitly if it is itself an array: it
  // behaves like a document keyed by position, as in MongoDB.
  private void walkSelectedElement(
      BsonValue element, int index, List<BsonValue> out, boolean[] missing) {
    if (!element.isArray() || index == components.size()) {
      walk(element, index, out, missing);
      return;
    }
    String name = components.get(index);
    BsonArray nested = element.asArray();
    if (isArrayIndex(name) && parseIndex(name) < nested.size()) {
      walkSelectedElement(nested.get(parseIndex(name)), index + 1, out, missing);
    } else {
      missing[0] = true;
    }
  }

  /** Whether a component is a canonical array index: digits without a leading zero. */
  public static boolean isArrayIndex(String component) {
    if (component.isEmpty() || component.length() > 9) {
      return false;
    }
    if (component.length() > 1 && component.charAt(0) == '0') {
      return false;
    }
    for (int i = 0; i < component.length(); i++) {
      char c = component.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static int parseIndex(String component) {
    return Integer.parseInt(component);
  }

  @Override
  public String toString() {
    return dotted();
  }
}
