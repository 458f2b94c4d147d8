package dev.mongolake.bson;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** BSON nested to any depth, written byte by byte: org.bson's writers stop at 1024 levels. */
final class DeepBson {

  static final byte DOCUMENT = 0x03;
  static final byte ARRAY = 0x04;

  private DeepBson() {}

  /**
   * A top-level document with {@code levels} containers of {@code type} nested below it, the
   * innermost empty: {@code {a: {a: {}}}} or {@code {a: [[]]}} for two.
   */
  static byte[] nested(int levels, byte type) {
    byte[][] names = new byte[levels + 1][];
    for (int level = 1; level <= levels; level++) {
      // A field of the top-level document or of a document is "a"; an array element is "0".
      names[level] = (level == 1 || type == DOCUMENT ? "a" : "0").getBytes(StandardCharsets.UTF_8);
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
      out.put(type).put(names[level]).put((byte) 0).putInt(sizes[level]);
    }
    // The innermost container's terminator, then each enclosing one's.
    for (int level = 0; level <= levels; level++) {
      out.put((byte) 0);
    }
    return out.array();
  }
}
