package dev.mongolake.delta.variant.internal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The key dictionary of one Variant's metadata, ids assigned in order of first use. */
final class VariantKeyDictionary {
  private final Map<String, Integer> ids = new HashMap<>();
  private final List<byte[]> keys = new ArrayList<>();
  private int totalBytes;

  int idOf(String key) {
    Integer id = ids.get(key);
    if (id != null) {
      return id;
    }
    byte[] utf8 = key.getBytes(StandardCharsets.UTF_8);
    int newId = keys.size();
    ids.put(key, newId);
    keys.add(utf8);
    totalBytes += utf8.length;
    return newId;
  }

  byte[] utf8(int id) {
    return keys.get(id);
  }

  /** Encodes the metadata: header, dictionary size, offsets, then the UTF-8 key bytes. */
  byte[] encode() {
    int size = keys.size();
    int offsetSize = VariantFormat.unsignedSize(Math.max(size, totalBytes));
    ByteArrayOutputStream out = new ByteArrayOutputStream(2 + (size + 2) * offsetSize + totalBytes);
    out.write(VariantFormat.METADATA_VERSION | ((offsetSize - 1) << 6));
    writeUnsigned(out, size, offsetSize);
    int offset = 0;
    writeUnsigned(out, 0, offsetSize);
    for (byte[] key : keys) {
      offset += key.length;
      writeUnsigned(out, offset, offsetSize);
    }
    for (byte[] key : keys) {
      out.write(key, 0, key.length);
    }
    return out.toByteArray();
  }

  private static void writeUnsigned(ByteArrayOutputStream out, int value, int size) {
    for (int i = 0; i < size; i++) {
      out.write(value >>> (8 * i));
    }
  }
}
