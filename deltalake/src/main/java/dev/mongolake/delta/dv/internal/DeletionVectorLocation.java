package dev.mongolake.delta.dv.internal;

import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import java.util.UUID;

/**
 * Where a stored deletion vector's file is, from its descriptor: for storage type {@code u}, the
 * table-relative {@code <random prefix>/deletion_vector_<uuid>.bin}, the UUID being the last 20 Z85
 * characters of {@code pathOrInlineDv} and the prefix whatever comes before them. Stateless.
 */
public final class DeletionVectorLocation {
  /** The storage type of a deletion vector stored relative to the table, named by a UUID. */
  public static final String RELATIVE = "u";

  /** The storage type of a deletion vector stored inline in the log. */
  public static final String INLINE = "i";

  /** The storage type of a deletion vector stored at an absolute path. */
  public static final String ABSOLUTE = "p";

  private DeletionVectorLocation() {}

  /** The file name of a deletion vector file with this UUID. */
  public static String fileName(UUID uuid) {
    return "deletion_vector_" + uuid + ".bin";
  }

  /**
   * The storage path of a relative ({@code u}) deletion vector's file.
   *
   * @param tablePath the table's storage path (empty for a table at the storage root)
   * @throws DeltaException if the storage type is not {@code u} or the UUID does not decode
   */
  public static String storagePath(String tablePath, DeletionVectorDescriptor descriptor) {
    if (!RELATIVE.equals(descriptor.storageType())) {
      throw new DeltaException(
          "Cannot resolve deletion vector "
              + descriptor.uniqueId()
              + ": storage type "
              + descriptor.storageType()
              + " is not relative to the table");
    }
    String text = descriptor.pathOrInlineDv();
    if (text == null || text.length() < Z85.UUID_LENGTH) {
      throw new DeltaException(
          "Cannot resolve deletion vector "
              + descriptor.uniqueId()
              + ": pathOrInlineDv must end with a 20-character Z85 UUID");
    }
    int split = text.length() - Z85.UUID_LENGTH;
    UUID uuid;
    try {
      uuid = Z85.decodeUuid(text.substring(split));
    } catch (IllegalArgumentException e) {
      throw new DeltaException(
          "Cannot resolve deletion vector " + descriptor.uniqueId() + ": " + e.getMessage(), e);
    }
    String relative = split == 0 ? fileName(uuid) : text.substring(0, split) + "/" + fileName(uuid);
    return tablePath.isEmpty() ? relative : tablePath + "/" + relative;
  }
}
