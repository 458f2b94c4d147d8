package dev.mongolake.update.internal.operators;

import org.bson.BsonValue;

/**
 * Deep copies of argument values: a parsed update is shared by every document it applies to, so a
 * document must never hold (and later mutate) the update's own instances.
 */
final class ValueCopies {
  private ValueCopies() {}

  static BsonValue copy(BsonValue value) {
    if (value.isDocument()) {
      return value.asDocument().clone();
    }
    if (value.isArray()) {
      return value.asArray().clone();
    }
    return value;
  }
}
