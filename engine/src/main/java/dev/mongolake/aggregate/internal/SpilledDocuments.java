package dev.mongolake.aggregate.internal;

import dev.mongolake.bson.BsonBytesDecoder;
import dev.mongolake.bson.BsonBytesEncoder;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bson.BsonDocument;

/**
 * The format of a spill file: documents one after another, each as its BSON length then its BSON
 * bytes. What {@link ExternalSort}'s runs and {@code $facet}'s spooled input are written in.
 */
final class SpilledDocuments {

  private static final int BUFFER = 1 << 16;

  private SpilledDocuments() {}

  /** Appends documents to a new spill file; close it before reading. Not thread-safe. */
  static final class Writer implements AutoCloseable {
    private final DataOutputStream out;
    private final BsonBytesEncoder encoder = new BsonBytesEncoder();

    Writer(Path file) {
      try {
        out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), BUFFER));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    void write(BsonDocument document) {
      encoder.reset();
      encoder.writeDocument(document);
      try {
        out.writeInt(encoder.size());
        out.write(encoder.array(), 0, encoder.size());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void close() {
      try {
        out.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Reads a spill file's documents back in order. Not thread-safe. */
  static final class Reader implements AutoCloseable {
    private final DataInputStream in;

    Reader(Path file) {
      try {
        in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), BUFFER));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /** The next document, or null at the end of the file. */
    BsonDocument next() {
      try {
        int length;
        try {
          length = in.readInt();
        } catch (EOFException end) {
          return null;
        }
        byte[] bytes = in.readNBytes(length);
        return BsonBytesDecoder.decode(bytes, 0, length);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void close() {
      try {
        in.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
