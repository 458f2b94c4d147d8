package dev.mongolake.delta.dv.internal;

import dev.mongolake.delta.exceptions.CorruptDeletionVectorException;
import dev.mongolake.delta.storage.Storage;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The deletion vector file format: a version byte ({@value #VERSION}), then per deletion vector a
 * 4-byte big-endian size, the serialized bitmap and the bitmap's 4-byte big-endian CRC-32. A
 * descriptor's {@code offset} points at the size field. Stateless.
 */
public final class DeletionVectorFile {
  /** The only format version of deletion vector files. */
  public static final int VERSION = 1;

  // Below this offset the version byte and the vector are fetched in one read.
  private static final int ONE_READ_OFFSET = 64 * 1024;

  private DeletionVectorFile() {}

  /**
   * Reads the serialized bitmap at {@code offset}, after checking the file's version, that the
   * stored size is {@code sizeInBytes} and that the checksum matches.
   *
   * @throws CorruptDeletionVectorException naming {@code path} if any check fails or the file ends
   *     early
   */
  public static byte[] read(Storage storage, String path, int offset, int sizeInBytes) {
    if (offset < 1 || sizeInBytes < 0) {
      throw corrupt(path, "offset " + offset + " or size " + sizeInBytes + " is out of range");
    }
    long end = (long) offset + 4 + sizeInBytes + 4;
    byte[] head;
    byte[] vector;
    if (offset <= ONE_READ_OFFSET) {
      byte[] all = storage.readRange(path, 0, Math.toIntExact(end));
      if (all.length < end) {
        throw corrupt(path, "it has " + all.length + " bytes, the vector ends at " + end);
      }
      head = all;
      vector = Arrays.copyOfRange(all, offset, all.length);
    } else {
      head = storage.readRange(path, 0, 1);
      vector = storage.readRange(path, offset, 4 + sizeInBytes + 4);
      if (vector.length < 4 + sizeInBytes + 4) {
        throw corrupt(path, "it ends before the vector at offset " + offset + " does");
      }
    }
    if (head.length < 1 || head[0] != VERSION) {
      throw corrupt(
          path, "its format version is " + (head.length < 1 ? "missing" : head[0]) + ", not 1");
    }
    ByteBuffer buffer = ByteBuffer.wrap(vector);
    int size = buffer.getInt();
    if (size != sizeInBytes) {
      throw corrupt(
          path,
          "the vector at offset "
              + offset
              + " has size "
              + size
              + ", its descriptor says "
              + sizeInBytes);
    }
    byte[] bitmap = new byte[size];
    buffer.get(bitmap);
    int stored = buffer.getInt();
    int computed = crc32(bitmap);
    if (stored != computed) {
      throw corrupt(
          path,
          String.format(
              "the checksum of the vector at offset %d is %08x, its bytes have %08x",
              offset, stored, computed));
    }
    return bitmap;
  }

  /**
   * A deletion vector file holding {@code bitmaps}, in order; {@code offsets} receives where each
   * one starts (what its descriptor's {@code offset} must say).
   */
  public static byte[] write(List<byte[]> bitmaps, List<Integer> offsets) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(VERSION);
    List<Integer> starts = new ArrayList<>();
    for (byte[] bitmap : bitmaps) {
      starts.add(out.size());
      out.writeBytes(ByteBuffer.allocate(4).putInt(bitmap.length).array());
      out.writeBytes(bitmap);
      out.writeBytes(ByteBuffer.allocate(4).putInt(crc32(bitmap)).array());
    }
    offsets.addAll(starts);
    return out.toByteArray();
  }

  private static int crc32(byte[] bytes) {
    CRC32 crc = new CRC32();
    crc.update(bytes);
    return (int) crc.getValue();
  }

  private static CorruptDeletionVectorException corrupt(String path, String reason) {
    return new CorruptDeletionVectorException(
        "Cannot read deletion vector file " + path + ": " + reason);
  }
}
