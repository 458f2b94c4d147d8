package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.CorruptionException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

/**
 * The checkpoint file: 32 bytes, little-endian, replaced atomically (write temp file, fsync,
 * rename, fsync the directory) so a crash leaves either the old or the new checkpoint.
 *
 * <pre>
 *  0 magic "DKTLCKPT" 8 bytes | 8 version u16 | 10 flags u16 | 12 reserved u32
 * 16 checkpoint sequence u64  | 24 reserved u32 | 28 CRC32C of bytes 0..27 u32
 * </pre>
 */
public final class CheckpointFile {
  public static final int SIZE = 32;

  private CheckpointFile() {}

  /** The stored checkpoint sequence, 0 when there is no checkpoint file. */
  public static long read(Path dir) {
    Path file = dir.resolve(Format.CHECKPOINT_FILE);
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      return 0;
    } catch (IOException e) {
      throw new dev.mongolake.daktilo.DaktiloException(
          "Cannot read checkpoint file " + file + ": " + e.getMessage(), e);
    }
    return decode(bytes, file);
  }

  static long decode(byte[] bytes, Path file) {
    if (bytes.length != SIZE) {
      throw new CorruptionException(
          file,
          Math.min(bytes.length, SIZE),
          "checkpoint file is " + bytes.length + " bytes, not 32");
    }
    ByteBuffer b = Format.le(bytes);
    if (!Arrays.equals(Arrays.copyOf(bytes, 8), Format.CHECKPOINT_MAGIC)) {
      throw new CorruptionException(file, 0, "bad checkpoint magic");
    }
    long stored = Integer.toUnsignedLong(b.getInt(28));
    long actual = Format.crc(b, 0, 28);
    if (stored != actual) {
      throw new CorruptionException(file, 28, "checkpoint checksum mismatch", stored, actual);
    }
    int version = Short.toUnsignedInt(b.getShort(8));
    if (version != Format.VERSION) {
      throw new CorruptionException(file, 8, "unsupported checkpoint version " + version);
    }
    long seq = b.getLong(16);
    if (seq < 0) {
      throw new CorruptionException(file, 16, "negative checkpoint sequence " + seq);
    }
    return seq;
  }

  public static void write(Path dir, long sequence) throws IOException {
    byte[] bytes = new byte[SIZE];
    ByteBuffer b = Format.le(bytes);
    b.put(0, Format.CHECKPOINT_MAGIC);
    b.putShort(8, (short) Format.VERSION);
    b.putLong(16, sequence);
    b.putInt(28, (int) Format.crc(b, 0, 28));
    Path tmp = dir.resolve(Format.CHECKPOINT_FILE + Format.TEMP_SUFFIX);
    FileOps.writeDurably(tmp, bytes);
    Files.move(
        tmp,
        dir.resolve(Format.CHECKPOINT_FILE),
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
    FileOps.fsyncDirectory(dir);
  }
}
