package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.order.Collation;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonValue;

/**
 * The variables visible where an expression is parsed, each bound to a slot of {@link Variables}.
 * Scopes nest lexically: {@code $let}, {@code $map}, {@code $filter} and {@code $reduce} parse
 * their bodies in a child scope. Names follow MongoDB's rules: a user variable starts with a
 * lowercase ASCII letter or a non-ASCII character; {@code CURRENT} may be rebound; other upper-case
 * names are the system's. Immutable; children share their root's slot counter, so slots never
 * collide.
 *
 * <p>A scope also carries the collation of the command it belongs to, as MongoDB's expression
 * context does: every operator that compares values ({@code $eq}, {@code $in}, the set operators,
 * {@code $sortArray}, {@code $maxN}, the accumulators' orders and sets, ...) takes {@link #order()}
 * from the scope it is parsed in, so the one collation reaches every parse site without being
 * passed through each operator's signature. Children share their root's collation. String functions
 * ({@code $toUpper}, {@code $strcasecmp}, {@code $indexOfBytes}, the regular expressions, {@code
 * $split}) never ask for it: MongoDB's ignore the collation.
 */
public final class VariableScope {

  private final VariableScope parent;
  private final String name;
  private final int slot;
  private final AtomicInteger slots;
  private final BsonComparisonOrder order;

  private VariableScope(
      VariableScope parent, String name, int slot, AtomicInteger slots, BsonComparisonOrder order) {
    this.parent = parent;
    this.name = name;
    this.slot = slot;
    this.slots = slots;
    this.order = order;
  }

  /** The scope of a command with no {@code let} variables, under the simple collation. */
  public static VariableScope root() {
    return root(Collation.SIMPLE);
  }

  /**
   * The scope of a command with no {@code let} variables whose comparisons follow {@code
   * collation}.
   */
  public static VariableScope root(Collation collation) {
    return new VariableScope(
        null, null, -1, new AtomicInteger(Variables.FIRST_USER_SLOT), collation.order());
  }

  /** The order values compare in here: the command's collation. */
  public BsonComparisonOrder order() {
    return order;
  }

  /** The collation of the command this scope belongs to. */
  public Collation collation() {
    return order.collation();
  }

  /**
   * This scope with the same variables in the same slots, whose comparisons follow {@code
   * collation} (itself when it already does): for a filter parsed under its own collation.
   */
  public VariableScope withCollation(Collation collation) {
    BsonComparisonOrder other = collation.order();
    if (other.collation().equals(order.collation())) {
      return this;
    }
    VariableScope copiedParent = parent == null ? null : parent.withCollation(collation);
    return new VariableScope(copiedParent, name, slot, slots, other);
  }

  /** The root scope with the names of a command's {@code let} (validated as user variables). */
  public static VariableScope root(Iterable<String> letNames) {
    VariableScope scope = root();
    for (String letName : letNames) {
      scope = scope.define(letName);
    }
    return scope;
  }

  /**
   * A child scope that binds {@code variable} to a fresh slot.
   *
   * @throws MongoLakeException 16866/16867/16868 when the name is not a valid user variable name
   */
  public VariableScope define(String variable) {
    checkUserVariableName(variable);
    return new VariableScope(this, variable, slots.getAndIncrement(), slots, order);
  }

  /**
   * The slot of {@code variable} here ({@code ROOT}, {@code CURRENT}, {@code NOW} or a user's).
   *
   * @throws MongoLakeException 17276 when no scope defines it
   */
  public int slotOf(String variable) {
    for (VariableScope scope = this; scope != null; scope = scope.parent) {
      if (variable.equals(scope.name)) {
        return scope.slot;
      }
    }
    return switch (variable) {
      case "ROOT" -> Variables.ROOT;
      case "CURRENT" -> Variables.CURRENT;
      case "NOW" -> Variables.NOW;
      default ->
          throw new MongoLakeException(
              ErrorCode.LOCATION_17276, "Use of undefined variable: " + variable);
    };
  }

  /** The slot {@code $x} field paths read: {@code CURRENT}, unless a {@code $let} rebound it. */
  public int currentSlot() {
    return slotOf("CURRENT");
  }

  /** Sets the variables of {@code values} (names this scope defines) in {@code variables}. */
  public void bind(Variables variables, Map<String, BsonValue> values) {
    values.forEach((variable, value) -> variables.set(slotOf(variable), value));
  }

  /** MongoDB's rule for the names a user may define (writing {@code CURRENT} is allowed). */
  static void checkUserVariableName(String variable) {
    if (variable.equals("CURRENT")) {
      return;
    }
    if (variable.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16866, "empty variable names are not allowed");
    }
    char first = variable.charAt(0);
    if (!((first >= 'a' && first <= 'z') || first >= 0x80)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16867,
          "'" + variable + "' starts with an invalid character for a user variable name");
    }
    for (int i = 1; i < variable.length(); i++) {
      char c = variable.charAt(i);
      boolean valid =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '_'
              || c >= 0x80;
      if (!valid) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_16868,
            "'" + variable + "' contains an invalid character for a variable name: '" + c + "'");
      }
    }
  }
}
