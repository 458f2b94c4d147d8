package dev.mongolake.server.wire;

/** Size limits of the protocol, the same as MongoDB's, reported to clients in {@code hello}. */
public final class WireLimits {

  /** Largest message, header included ({@code maxMessageSizeBytes}). */
  public static final int MAX_MESSAGE_SIZE = 48_000_000;

  /** Largest user document ({@code maxBsonObjectSize}). */
  public static final int MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;

  /**
   * Largest command document: a user document plus room for the command around it, as MongoDB
   * allows ({@code BSONObjMaxInternalSize}).
   */
  public static final int MAX_COMMAND_SIZE = MAX_BSON_OBJECT_SIZE + 16 * 1024;

  /** Most write operations in one batch ({@code maxWriteBatchSize}). */
  public static final int MAX_WRITE_BATCH_SIZE = 100_000;

  private WireLimits() {}
}
