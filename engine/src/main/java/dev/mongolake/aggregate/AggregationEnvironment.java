package dev.mongolake.aggregate;

import java.time.Instant;
import org.bson.BsonDocument;

/**
 * What a pipeline may use beyond its input: the command's start time ({@code $$NOW}), its {@code
 * let} variables, and (for the stages that read or write other collections) the database. The
 * engine implements it per command; {@link #standalone} serves pipelines over a given input only.
 */
public interface AggregationEnvironment {

  /** The command's start, the value of {@code $$NOW} throughout it. */
  Instant now();

  /** The command's {@code let} document: variable names and their expressions (may be empty). */
  BsonDocument let();

  /** An environment with no other collections, for pipelines over a given input. */
  static AggregationEnvironment standalone(Instant now, BsonDocument let) {
    BsonDocument copy = let.clone();
    return new AggregationEnvironment() {
      @Override
      public Instant now() {
        return now;
      }

      @Override
      public BsonDocument let() {
        return copy;
      }
    };
  }
}
