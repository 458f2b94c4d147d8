package dev.mongolake.bson;

import org.bson.BsonSerializationException;

/**
 * BSON that nests deeper than {@link BsonNesting#MAX_DEPTH}: well-formed, perhaps, but refused
 * before any recursive code could run out of stack on it. MongoDB answers it with {@code Overflow}.
 */
public final class BsonDepthException extends BsonSerializationException {
  private static final long serialVersionUID = 1L;

  public BsonDepthException(String message) {
    super(message);
  }
}
