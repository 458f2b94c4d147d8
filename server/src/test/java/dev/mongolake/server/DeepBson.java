package dev.mongolake.server;

import dev.mongolake.bson.BsonBytesEncoder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.bson.BsonDocument;

/**
 * BSON and OP_MSG messages nested to any depth, written byte by byte: drivers and org.bson's
 * writers refuse past 1024 levels, and a hostile client does not ask them.
 */
public final class DeepBson {

  public static final byte DOCUMENT = 0x03;
  public static final byte ARRAY = 0x04;
  private static final int OP_MSG = 2013;

  /** One kind of nesting: a container of {@code type} held under {@code name} by its parent. */
  public record Level(byte type, String name) {}

  /** {@code {a: {a: ...}}}. */
  public static final Level[] DOCUMENTS = {new Level(DOCUMENT, "a")};

  /** {@code {$and: [{$and: [...]}]}}: a filter. */
  public static final Level[] AND_FILTERS = {new Level(ARRAY, "$and"), new Level(DOCUMENT, "0")};

  private DeepBson() {}

  /**
   * A top-level document with {@code levels} containers nested below it, each level's kind taken
   * from {@code pattern} in turn; the innermost container is empty.
   */
  public static byte[] nested(int levels, Level... pattern) {
    byte[][] names = new byte[levels + 1][];
    byte[] types = new byte[levels + 1];
    for (int level = 1; level <= levels; level++) {
      Level kind = pattern[(level - 1) % pattern.length];
      names[level] = kind.name().getBytes(StandardCharsets.UTF_8);
      types[level] = kind.type();
    }
    // sizes[level]: the bytes of the container at that level, from the innermost outward.
    int[] sizes = new int[levels + 1];
    sizes[levels] = 5;
    for (int level = levels - 1; level >= 0; level--) {
      sizes[level] = 4 + 2 + names[level + 1].length + sizes[level + 1] + 1;
    }
    ByteBuffer out = ByteBuffer.allocate(sizes[0]).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(sizes[0]);
    for (int level = 1; level <= levels; level++) {
      out.put(types[level]).put(names[level]).put((byte) 0).putInt(sizes[level]);
    }
    // The innermost container's terminator, then each enclosing one's.
    for (int level = 0; level <= levels; level++) {
      out.put((byte) 0);
    }
    return out.array();
  }

  /** A document of {@code head}'s fields, then {@code name} holding the container {@code value}. */
  public static byte[] append(BsonDocument head, String name, byte type, byte[] value) {
    byte[] fields = BsonBytesEncoder.encode(head);
    byte[] key = name.getBytes(StandardCharsets.UTF_8);
    int size = fields.length + 1 + key.length + 1 + value.length;
    ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(size);
    out.put(fields, 4, fields.length - 5);
    out.put(type).put(key).put((byte) 0).put(value);
    out.put((byte) 0);
    return out.array();
  }

  /** An array (as its bytes) holding the one document {@code document}. */
  public static byte[] arrayOf(byte[] document) {
    return append(new BsonDocument(), "0", DOCUMENT, document);
  }

  /** An OP_MSG request whose body section is {@code body}. */
  public static byte[] opMsg(int requestId, byte[] body) {
    int size = 16 + 4 + 1 + body.length;
    return ByteBuffer.allocate(size)
        .order(ByteOrder.LITTLE_ENDIAN)
        .putInt(size)
        .putInt(requestId)
        .putInt(0)
        .putInt(OP_MSG)
        .putInt(0)
        .put((byte) 0)
        .put(body)
        .array();
  }
}
