package dev.mongolake.examples.kv;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * The whole map as of one log sequence, so that the log before it can be checkpointed and compacted
 * away.
 *
 * @param lastSequence the last log record applied to {@code entries}
 * @param entries the map's contents
 */
public record KvSnapshot(long lastSequence, Map<String, String> entries) {

  private static final int FORMAT = 1;

  /** Copies the entries. */
  public KvSnapshot {
    entries = Map.copyOf(entries);
  }

  /** The state before any record: nothing applied. */
  public static KvSnapshot empty() {
    return new KvSnapshot(0, Map.of());
  }

  /**
   * Writes the snapshot to {@code file} atomically: a reader sees the old snapshot or the new one,
   * never a half-written file, even after a crash.
   */
  public void writeTo(Path file) throws IOException {
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    try (OutputStream stream = Files.newOutputStream(temporary);
        DataOutputStream out = new DataOutputStream(stream)) {
      out.writeInt(FORMAT);
      out.writeLong(lastSequence);
      out.writeInt(entries.size());
      for (Map.Entry<String, String> entry : new TreeMap<>(entries).entrySet()) {
        out.writeUTF(entry.getKey());
        out.writeUTF(entry.getValue());
      }
    }
    try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
    Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
  }

  /** Reads the snapshot in {@code file}, or {@link #empty()} when there is none. */
  public static KvSnapshot readFrom(Path file) throws IOException {
    if (!Files.exists(file)) {
      return empty();
    }
    try (InputStream stream = Files.newInputStream(file);
        DataInputStream in = new DataInputStream(stream)) {
      int format = in.readInt();
      if (format != FORMAT) {
        throw new IOException("Cannot read the snapshot " + file + ": unknown format " + format);
      }
      long lastSequence = in.readLong();
      int size = in.readInt();
      Map<String, String> entries = new TreeMap<>();
      for (int i = 0; i < size; i++) {
        entries.put(in.readUTF(), in.readUTF());
      }
      return new KvSnapshot(lastSequence, entries);
    }
  }
}
