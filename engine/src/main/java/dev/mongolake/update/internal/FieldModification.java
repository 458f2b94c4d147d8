package dev.mongolake.update.internal;

import org.bson.BsonValue;

/**
 * One operator's parsed argument for one field ({@code $inc: {n: 1}} gives one modification for
 * {@code n}). It decides the field's new value; {@link PathApplier} finds the field, creates
 * missing parents and enforces the rules every modifier shares. Implementations are immutable.
 */
public interface FieldModification {
  /** The change for a field that holds {@code current}. */
  Change onExisting(BsonValue current, FieldTarget target);

  /**
   * The change for a field that does not exist. {@link Change#KEEP} also makes a path blocked by a
   * non-container a no-op instead of a PathNotViable error.
   */
  Change onMissing(FieldTarget target);
}
