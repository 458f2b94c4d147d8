package dev.mongolake;

import dev.mongolake.bson.BsonBytesEncoder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.bson.BsonDocument;

/** BSON nested to any depth, written byte by byte: org.bson's writers stop at 1024 levels. */
public final class DeepBson {

  private DeepBson() {}

  /**
   * {@code head}'s fields, then {@code name} holding {@code {a: {a: ...}}}, {@code levels} deep.
   */
  public static byte[] withNestedField(BsonDocument head, String name, int levels) {
    // The field's value: each level is a type byte, "a", its NUL, a length, and a terminator.
    int[] sizes = new int[levels + 1];
    sizes[levels] = 5;
    for (int level = levels - 1; level >= 0; level--) {
      sizes[level] = 4 + 3 + sizes[level + 1] + 1;
    }
    byte[] fields = BsonBytesEncoder.encode(head);
    byte[] key = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    int size = fields.length + 1 + key.length + 1 + sizes[0];
    ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(size).put(fields, 4, fields.length - 5);
    out.put((byte) 0x03).put(key).put((byte) 0).putInt(sizes[0]);
    for (int level = 1; level <= levels; level++) {
      out.put((byte) 0x03).put((byte) 'a').put((byte) 0).putInt(sizes[level]);
    }
    // The innermost document's terminator, each enclosing one's, then the head's.
    for (int level = 0; level <= levels + 1; level++) {
      out.put((byte) 0);
    }
    return out.array();
  }
}
