package dev.mongolake.update.internal;

import org.bson.BsonValue;

/**
 * The parser of one update operator ({@code $set}, {@code $push}, ...). Registered by name in
 * {@link ModifierRegistry}; stateless and thread-safe.
 */
public interface ModifierHandler {
  /** The operator, with its {@code $}. */
  String name();

  /**
   * Parses {@code {<name>: {<field>: <argument>}}} for one field.
   *
   * @throws dev.mongolake.MongoLakeException with MongoDB's code and message for a bad argument
   */
  UpdateStep parse(String field, BsonValue argument, UpdateParseScope scope);
}
