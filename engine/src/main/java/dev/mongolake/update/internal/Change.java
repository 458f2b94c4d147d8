package dev.mongolake.update.internal;

import org.bson.BsonValue;

/** What a modifier does to the one field it targets. */
public sealed interface Change {
  /** Leave the field as it is (or absent). */
  Change KEEP = new Keep();

  /** Remove the field (an array element becomes null, as MongoDB's $unset does). */
  Change REMOVE = new Remove();

  /** Set the field to {@code value}, creating it (and missing parents) when absent. */
  static Change set(BsonValue value) {
    return new SetTo(value);
  }

  /** See {@link #KEEP}. */
  record Keep() implements Change {}

  /** See {@link #REMOVE}. */
  record Remove() implements Change {}

  /** See {@link #set}. */
  record SetTo(BsonValue value) implements Change {}
}
