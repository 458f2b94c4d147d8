package dev.mongolake.aggregate.internal.expression;

import java.util.Arrays;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The values of the variables while a command evaluates its expressions: {@code $$ROOT} and {@code
 * $$CURRENT} (set per document), {@code $$NOW} (fixed for the whole command, as in MongoDB), and
 * the slots {@link VariableScope} assigned to {@code let}, {@code $let}, {@code $map}, {@code
 * $filter} and {@code $reduce} variables. One instance per running command and thread: not
 * thread-safe.
 */
public final class Variables {

  static final int ROOT = 0;
  static final int CURRENT = 1;
  static final int NOW = 2;
  static final int FIRST_USER_SLOT = 3;

  private BsonValue[] slots;

  /** Variables for a command started at {@code now}. */
  public Variables(BsonDateTime now) {
    slots = new BsonValue[8];
    slots[NOW] = now;
  }

  /** Makes {@code document} both {@code $$ROOT} and {@code $$CURRENT}. */
  public Variables setDocument(BsonDocument document) {
    slots[ROOT] = document;
    slots[CURRENT] = document;
    return this;
  }

  /** {@code $$ROOT}: the document the stage is processing. */
  public BsonDocument root() {
    return (BsonDocument) slots[ROOT];
  }

  /** {@code $$NOW}. */
  public BsonDateTime now() {
    return (BsonDateTime) slots[NOW];
  }

  /** The value of a slot ({@code null} when unset or missing). */
  public BsonValue get(int slot) {
    return slot < slots.length ? slots[slot] : null;
  }

  /** Sets a slot, returning its previous value so that a binding can be undone. */
  public BsonValue set(int slot, BsonValue value) {
    if (slot >= slots.length) {
      slots = Arrays.copyOf(slots, Math.max(slot + 1, slots.length * 2));
    }
    BsonValue previous = slots[slot];
    slots[slot] = value;
    return previous;
  }

  /** A copy with the same values, for a sub-pipeline that binds its own. */
  public Variables copy() {
    Variables copy = new Variables(now());
    copy.slots = slots.clone();
    return copy;
  }
}
