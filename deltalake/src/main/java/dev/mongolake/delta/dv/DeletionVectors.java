package dev.mongolake.delta.dv;

import dev.mongolake.delta.dv.internal.DeletionVectorFile;
import dev.mongolake.delta.dv.internal.DeletionVectorLocation;
import dev.mongolake.delta.dv.internal.Z85;
import dev.mongolake.delta.exceptions.CorruptDeletionVectorException;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import dev.mongolake.delta.storage.Storage;

/**
 * Reads the deletion vector a Delta {@code add} action names ({@link DeletionVectorDescriptor}):
 * inline ({@code i}: the Z85-encoded bitmap in the log) or stored in a file of the table ({@code
 * u}: {@code <prefix>/deletion_vector_<uuid>.bin}, at the descriptor's offset, with its size and
 * CRC-32 checked). The vector's row count must equal the descriptor's {@code cardinality}.
 *
 * <p>Not supported: storage type {@code p} (an absolute path outside the table's storage, as for
 * data files); such a vector is refused with a {@link DeltaException} naming it, never skipped.
 *
 * <p>{@link #write} stores vectors the same two ways: a small one inline, larger ones together in
 * one new vector file.
 *
 * <p>Stateless and thread-safe; every call reads the vector again (callers cache per snapshot).
 */
public final class DeletionVectors {
  /**
   * Vectors whose serialized bitmap is at most this long are written inline: the log then carries
   * about 1.25 times these bytes per file (Z85), and a read of the table opens no vector file.
   */
  public static final int INLINE_MAX_BYTES = 128;

  private DeletionVectors() {}

  /**
   * Stores {@code vectors} and returns their descriptors, in order: each vector of at most {@link
   * #INLINE_MAX_BYTES} serialized bytes inline ({@code i}), the others in one new file {@code
   * deletion_vector_<fileId>.bin} at the table root ({@code u}, each at its offset, with its size
   * and CRC-32), written before this returns. An empty vector is refused: a file without deleted
   * rows has no descriptor.
   *
   * @param tablePath the table's storage path (empty for a table at the storage root)
   * @param fileId the UUID naming the vector file (only used when a vector is too large to inline)
   * @throws IllegalArgumentException if a vector is empty
   * @throws dev.mongolake.delta.storage.StorageException if the vector file cannot be written
   */
  public static java.util.List<DeletionVectorDescriptor> write(
      Storage storage,
      String tablePath,
      java.util.List<DeletedRows> vectors,
      java.util.UUID fileId) {
    java.util.List<DeletionVectorDescriptor> out = new java.util.ArrayList<>();
    java.util.List<byte[]> stored = new java.util.ArrayList<>();
    java.util.List<Integer> storedAt = new java.util.ArrayList<>();
    for (DeletedRows vector : vectors) {
      if (vector.isEmpty()) {
        throw new IllegalArgumentException("Cannot write an empty deletion vector");
      }
      byte[] bitmap = vector.serialize();
      if (bitmap.length <= INLINE_MAX_BYTES) {
        out.add(
            new DeletionVectorDescriptor(
                DeletionVectorLocation.INLINE,
                Z85.encode(bitmap),
                null,
                bitmap.length,
                vector.cardinality(),
                vector.maxRowIndex()));
      } else {
        storedAt.add(out.size());
        stored.add(bitmap);
        out.add(null);
      }
    }
    if (!stored.isEmpty()) {
      java.util.List<Integer> offsets = new java.util.ArrayList<>();
      byte[] file = DeletionVectorFile.write(stored, offsets);
      String name = DeletionVectorLocation.fileName(fileId);
      String path = tablePath.isEmpty() ? name : tablePath + "/" + name;
      if (!storage.writeIfAbsent(path, file)) {
        throw new DeltaException("Cannot write deletion vector file " + path + ": it exists");
      }
      String pathOrInline = Z85.encodeUuid(fileId);
      for (int i = 0; i < stored.size(); i++) {
        DeletedRows vector = vectors.get(storedAt.get(i));
        out.set(
            storedAt.get(i),
            new DeletionVectorDescriptor(
                DeletionVectorLocation.RELATIVE,
                pathOrInline,
                offsets.get(i),
                stored.get(i).length,
                vector.cardinality(),
                vector.maxRowIndex()));
      }
    }
    return java.util.List.copyOf(out);
  }

  /**
   * The rows {@code descriptor} deletes from {@code dataFile}; {@link DeletedRows#none()} for a
   * null descriptor.
   *
   * @param tablePath the table's storage path (empty for a table at the storage root)
   * @param dataFile the data file's action path, for error messages
   * @throws CorruptDeletionVectorException if the vector's bytes are corrupt (naming its file, or
   *     for an inline vector the data file), its checksum does not match or its row count is not
   *     the descriptor's cardinality
   * @throws DeltaException if the storage type is unknown or not supported
   * @throws dev.mongolake.delta.storage.StorageException if the vector's file cannot be read
   */
  public static DeletedRows read(
      Storage storage, String tablePath, DeletionVectorDescriptor descriptor, String dataFile) {
    if (descriptor == null) {
      return DeletedRows.none();
    }
    String storageType = String.valueOf(descriptor.storageType());
    String source;
    byte[] bitmap;
    switch (storageType) {
      case DeletionVectorLocation.INLINE -> {
        source = "inline in the add of " + dataFile;
        bitmap = inline(descriptor, source);
      }
      case DeletionVectorLocation.RELATIVE -> {
        source = DeletionVectorLocation.storagePath(tablePath, descriptor);
        int offset = descriptor.offset() == null ? 0 : descriptor.offset();
        bitmap = DeletionVectorFile.read(storage, source, offset, descriptor.sizeInBytes());
      }
      case DeletionVectorLocation.ABSOLUTE ->
          throw new DeltaException(
              "Cannot read deletion vector "
                  + descriptor.pathOrInlineDv()
                  + " of "
                  + dataFile
                  + ": storage type p (an absolute path) is not supported, absolute paths are"
                  + " not in table storage");
      default ->
          throw new DeltaException(
              "Cannot read deletion vector of "
                  + dataFile
                  + ": unknown storage type "
                  + storageType
                  + " (the protocol defines u, i and p)");
    }
    DeletedRows rows = DeletedRows.deserialize(bitmap, source);
    if (rows.cardinality() != descriptor.cardinality()) {
      throw new CorruptDeletionVectorException(
          "Cannot read deletion vector "
              + source
              + ": it deletes "
              + rows.cardinality()
              + " rows, its descriptor's cardinality is "
              + descriptor.cardinality());
    }
    return rows;
  }

  private static byte[] inline(DeletionVectorDescriptor descriptor, String source) {
    byte[] decoded;
    try {
      decoded = Z85.decode(String.valueOf(descriptor.pathOrInlineDv()));
    } catch (IllegalArgumentException e) {
      throw new CorruptDeletionVectorException(
          "Cannot read deletion vector " + source + ": " + e.getMessage(), e);
    }
    int size = descriptor.sizeInBytes();
    if (size < 0 || size > decoded.length || decoded.length - size >= 4) {
      throw new CorruptDeletionVectorException(
          "Cannot read deletion vector "
              + source
              + ": its "
              + decoded.length
              + " decoded bytes do not hold sizeInBytes "
              + size);
    }
    // Z85 pads to 4-byte groups; sizeInBytes is the bitmap's real length.
    return size == decoded.length ? decoded : java.util.Arrays.copyOf(decoded, size);
  }
}
