package dev.mongolake.delta.iceberg.internal;

import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.io.PositionOutputStream;
import org.apache.iceberg.io.SeekableInputStream;

/**
 * Iceberg's file access over a deltalake {@link Storage}: a location is {@code rootLocation}
 * followed by a storage path, so the metadata goes wherever the Delta table lives (local disk,
 * memory, S3) without Hadoop.
 */
final class StorageFileIO implements FileIO {
  private static final long serialVersionUID = 1L;

  private final transient Storage storage;
  private final String rootLocation;

  /**
   * @param rootLocation the location of the storage root, ending in {@code /}
   */
  StorageFileIO(Storage storage, String rootLocation) {
    this.storage = storage;
    this.rootLocation = rootLocation;
  }

  /** The location of a storage path. */
  String location(String storagePath) {
    return rootLocation + storagePath;
  }

  /** The storage path of a location under the root. */
  String storagePath(String location) {
    if (!location.startsWith(rootLocation)) {
      throw new IllegalArgumentException(
          "Cannot access " + location + ": it is not under the storage root " + rootLocation);
    }
    return location.substring(rootLocation.length());
  }

  @Override
  public InputFile newInputFile(String location) {
    return new StorageInput(location);
  }

  @Override
  public OutputFile newOutputFile(String location) {
    return new StorageOutput(location);
  }

  @Override
  public void deleteFile(String location) {
    storage.delete(storagePath(location));
  }

  private final class StorageInput implements InputFile {
    private final String location;

    StorageInput(String location) {
      this.location = location;
    }

    @Override
    public long getLength() {
      return stat()
          .orElseThrow(() -> new StorageFileNotFoundException(storagePath(location)))
          .size();
    }

    @Override
    public SeekableInputStream newStream() {
      try {
        return new BytesInputStream(storage.read(storagePath(location)));
      } catch (StorageFileNotFoundException e) {
        throw new org.apache.iceberg.exceptions.NotFoundException(
            e, "Cannot read %s: no such file", location);
      }
    }

    @Override
    public String location() {
      return location;
    }

    @Override
    public boolean exists() {
      return stat().isPresent();
    }

    private Optional<FileEntry> stat() {
      return storage.stat(storagePath(location));
    }
  }

  private final class StorageOutput implements OutputFile {
    private final String location;

    StorageOutput(String location) {
      this.location = location;
    }

    @Override
    public PositionOutputStream create() {
      return createOrOverwrite();
    }

    @Override
    public PositionOutputStream createOrOverwrite() {
      return new CountingOutputStream(storage.openOutput(storagePath(location)));
    }

    @Override
    public String location() {
      return location;
    }

    @Override
    public InputFile toInputFile() {
      return new StorageInput(location);
    }
  }

  /** Counts the bytes written, which is the position Iceberg's Avro writer asks for. */
  private static final class CountingOutputStream extends PositionOutputStream {
    private final OutputStream out;
    private long position;

    CountingOutputStream(OutputStream out) {
      this.out = out;
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      position++;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      out.write(bytes, offset, length);
      position += length;
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}
