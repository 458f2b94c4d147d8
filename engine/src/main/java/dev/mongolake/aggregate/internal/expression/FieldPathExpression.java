package dev.mongolake.aggregate.internal.expression;

import java.util.Arrays;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code "$a.b"} or {@code "$$variable.a.b"}: a path read from a variable's value ({@code
 * $$CURRENT} for a plain field path). Through arrays it collects the path's value from each element
 * that is a document, as MongoDB's expressions do (elements that are not documents, and elements
 * where the path is missing, are left out).
 *
 * @param slot the variable slot the path starts from
 * @param variable the variable's name, for dependency analysis ({@code CURRENT} for a field path)
 * @param path the field names after the variable (empty for the variable itself)
 */
public record FieldPathExpression(int slot, String variable, String[] path) implements Expression {

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonValue start = variables.get(slot);
    if (path.length == 0) {
      return start;
    }
    return start instanceof BsonDocument document ? walk(document, 0) : null;
  }

  private BsonValue walk(BsonDocument document, int index) {
    BsonValue value = document.get(path[index]);
    if (value == null || index == path.length - 1) {
      return value;
    }
    if (value instanceof BsonDocument inner) {
      return walk(inner, index + 1);
    }
    if (value instanceof BsonArray array) {
      return walkArray(array, index + 1);
    }
    return null;
  }

  private BsonArray walkArray(BsonArray array, int index) {
    BsonArray out = new BsonArray();
    for (BsonValue element : array) {
      if (element instanceof BsonDocument inner) {
        BsonValue value = walk(inner, index);
        if (value != null) {
          out.add(value);
        }
      }
    }
    return out;
  }

  /** The dotted path after the variable. */
  public String dottedPath() {
    return String.join(".", path);
  }

  /** Whether this is a plain field path on {@code $$CURRENT}. */
  public boolean isFieldPath() {
    return variable.equals("CURRENT") && slot == Variables.CURRENT;
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    if (slot == Variables.ROOT || slot == Variables.CURRENT) {
      if (path.length == 0) {
        dependencies.addWholeDocument();
      } else {
        dependencies.addPath(dottedPath());
      }
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FieldPathExpression that
        && slot == that.slot
        && variable.equals(that.variable)
        && Arrays.equals(path, that.path);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * slot + variable.hashCode()) + Arrays.hashCode(path);
  }

  @Override
  public String toString() {
    return (isFieldPath() ? "$" : "$$" + variable + (path.length > 0 ? "." : "")) + dottedPath();
  }
}
