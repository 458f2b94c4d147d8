package dev.mongolake.delta.s3;

import static dev.mongolake.delta.storage.StoragePaths.requireValidPath;
import static dev.mongolake.delta.storage.StoragePaths.requireValidPrefix;

import dev.mongolake.delta.s3.internal.ConditionalPut;
import dev.mongolake.delta.s3.internal.S3Clients;
import dev.mongolake.delta.s3.internal.S3Failures;
import dev.mongolake.delta.s3.internal.S3OutputStream;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import dev.mongolake.delta.storage.StoragePaths;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * A {@link Storage} in an S3-compatible object store (AWS S3, Cloudflare R2, MinIO, s3proxy): the
 * storage path {@code p} is the object {@code <prefix>p} in the bucket.
 *
 * <p>{@link #writeIfAbsent} is a conditional PUT ({@code If-None-Match: *}), atomic between any
 * number of processes; its retries are resolved by reading the object back, never guessed (see
 * {@link dev.mongolake.delta.storage.StorageOutcomeUnknownException} for the one case that stays
 * open). {@link #overwrite} is a plain PUT; {@link #openOutput} buffers one part and switches to a
 * multipart upload for larger files. Listings use ListObjectsV2 with {@code StartAfter}, so they
 * cost one request per 1,000 keys from the start position. {@link #delete} issues a HEAD first to
 * report whether the object existed.
 *
 * <p>Thread-safe. Owns its HTTP connection pool: {@link #close()} releases it.
 */
public final class S3Storage implements Storage {

  private final S3StorageOptions options;
  private final S3Clients clients;
  private final ConditionalPut conditionalPut;

  /** Connects to the store the options describe (lazily: no request is sent here). */
  public S3Storage(S3StorageOptions options) {
    this.options = options;
    this.clients = S3Clients.create(options);
    this.conditionalPut = new ConditionalPut(clients, options.bucket());
  }

  /** The options this storage was opened with. */
  public S3StorageOptions options() {
    return options;
  }

  @Override
  public byte[] read(String path) {
    String key = key(path);
    try {
      return clients
          .retrying()
          .getObjectAsBytes(GetObjectRequest.builder().bucket(options.bucket()).key(key).build())
          .asByteArray();
    } catch (SdkException e) {
      throw readFailure(path, key, e);
    }
  }

  @Override
  public byte[] readRange(String path, long offset, int length) {
    String key = key(path);
    StoragePaths.requireValidRange(path, offset, length);
    if (length == 0) {
      if (stat(path).isEmpty()) {
        throw new StorageFileNotFoundException(path);
      }
      return new byte[0];
    }
    try {
      return clients
          .retrying()
          .getObjectAsBytes(
              GetObjectRequest.builder()
                  .bucket(options.bucket())
                  .key(key)
                  .range("bytes=" + offset + "-" + (offset + length - 1))
                  .build())
          .asByteArray();
    } catch (SdkException e) {
      if (S3Failures.status(e) == 416) {
        // Unsatisfiable range: the object exists and the offset is at or past its end.
        return new byte[0];
      }
      throw readFailure(path, key, e);
    }
  }

  @Override
  public boolean writeIfAbsent(String path, byte[] data) {
    return conditionalPut.putIfAbsent(path, key(path), data);
  }

  @Override
  public void overwrite(String path, byte[] data) {
    String key = key(path);
    try {
      clients
          .retrying()
          .putObject(
              PutObjectRequest.builder().bucket(options.bucket()).key(key).build(),
              RequestBody.fromBytes(data));
    } catch (SdkException e) {
      throw S3Failures.failure("write", path, location(key), e);
    }
  }

  /**
   * The same as {@link #overwrite}: who may read an object is up to the bucket's policies and the
   * credentials handed out, not to the writer.
   */
  @Override
  public void overwritePrivate(String path, byte[] data) {
    overwrite(path, data);
  }

  @Override
  public OutputStream openOutput(String path) {
    return new S3OutputStream(clients.retrying(), options.bucket(), key(path), options.partSize());
  }

  @Override
  public List<FileEntry> list(String prefix, String startAt) {
    requireValidPrefix(prefix);
    ListObjectsV2Request.Builder request =
        ListObjectsV2Request.builder().bucket(options.bucket()).prefix(options.prefix() + prefix);
    if (StoragePaths.compare(startAt, prefix) > 0 && !startAt.isEmpty()) {
      // StartAfter is exclusive; starting after startAt minus its last character keeps startAt.
      String before = startAt.substring(0, startAt.offsetByCodePoints(startAt.length(), -1));
      request.startAfter(options.prefix() + before);
    }
    List<FileEntry> entries = new ArrayList<>();
    try {
      for (ListObjectsV2Response page :
          clients.retrying().listObjectsV2Paginator(request.build())) {
        for (S3Object object : page.contents()) {
          String path = object.key().substring(options.prefix().length());
          if (isListed(prefix, startAt, path)) {
            entries.add(new FileEntry(path, object.size(), object.lastModified().toEpochMilli()));
          }
        }
      }
    } catch (SdkException e) {
      throw S3Failures.failure("list", prefix, location(options.prefix() + prefix), e);
    }
    entries.sort((a, b) -> StoragePaths.compare(a.path(), b.path()));
    return entries;
  }

  @Override
  public Optional<FileEntry> stat(String path) {
    String key = key(path);
    try {
      HeadObjectResponse head =
          clients.retrying().headObject(b -> b.bucket(options.bucket()).key(key));
      return Optional.of(
          new FileEntry(path, head.contentLength(), head.lastModified().toEpochMilli()));
    } catch (SdkException e) {
      if (S3Failures.isNotFound(e)) {
        return Optional.empty();
      }
      throw S3Failures.failure("stat", path, location(key), e);
    }
  }

  @Override
  public boolean delete(String path) {
    String key = key(path);
    if (stat(path).isEmpty()) {
      return false;
    }
    try {
      clients.retrying().deleteObject(b -> b.bucket(options.bucket()).key(key));
      return true;
    } catch (SdkException e) {
      throw S3Failures.failure("delete", path, location(key), e);
    }
  }

  @Override
  public void close() {
    clients.close();
  }

  @Override
  public String toString() {
    return "S3Storage[" + options + "]";
  }

  private String key(String path) {
    return options.prefix() + requireValidPath(path);
  }

  private String location(String key) {
    return "s3://" + options.bucket() + "/" + key;
  }

  private RuntimeException readFailure(String path, String key, SdkException e) {
    if (S3Failures.isNotFound(e)) {
      return new StorageFileNotFoundException(path);
    }
    return S3Failures.failure("read", path, location(key), e);
  }

  /** Keys that are folder markers, hidden, unaddressable, or before startAt are not listed. */
  private static boolean isListed(String prefix, String startAt, String path) {
    if (path.isEmpty()
        || path.endsWith("/")
        || StoragePaths.compare(path, startAt) < 0
        || StoragePaths.isHiddenInListingOf(prefix, path)) {
      return false;
    }
    try {
      requireValidPath(path);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
