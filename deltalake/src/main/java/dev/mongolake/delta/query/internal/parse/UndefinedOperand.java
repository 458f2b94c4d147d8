package dev.mongolake.delta.query.internal.parse;

import org.bson.BsonType;
import org.bson.BsonValue;

/** MongoDB refuses to compare with the deprecated undefined value. */
public final class UndefinedOperand {
  private UndefinedOperand() {}

  /**
   * Rejects an undefined operand.
   *
   * @throws dev.mongolake.delta.exceptions.QueryException BadValue "cannot compare to undefined"
   */
  public static void reject(BsonValue operand) {
    if (operand.getBsonType() == BsonType.UNDEFINED) {
      throw QueryErrors.badValue("cannot compare to undefined");
    }
  }
}
