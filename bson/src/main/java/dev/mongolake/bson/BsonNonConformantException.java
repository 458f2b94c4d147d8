package dev.mongolake.bson;

import org.bson.BsonSerializationException;

/**
 * BSON that is well-formed but that a {@code BsonDocument} cannot hold as it was sent: a document
 * with a field name twice, or a string that is not valid UTF-8. MongoDB stores such bytes as they
 * are and its full validation ({@code validate} with {@code checkBSONConformance}) reports them as
 * {@code NonConformantBSON}; decoding them here would silently keep only the last value or replace
 * the bytes, so they are refused instead.
 */
public final class BsonNonConformantException extends BsonSerializationException {
  private static final long serialVersionUID = 1L;

  public BsonNonConformantException(String message) {
    super(message);
  }
}
