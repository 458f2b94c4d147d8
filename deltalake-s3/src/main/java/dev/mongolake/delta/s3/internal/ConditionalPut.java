package dev.mongolake.delta.s3.internal;

import dev.mongolake.delta.storage.StorageException;
import dev.mongolake.delta.storage.StorageOutcomeUnknownException;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * Put-if-absent on S3 with {@code If-None-Match: *}, retried by hand so that every outcome is known
 * rather than guessed.
 *
 * <p>The SDK's own retries are off for the PUT: if the SDK retried a PUT whose first attempt had in
 * fact created the object, the retry would get 412 and the caller would wrongly conclude that
 * another writer won. Here each attempt is sent once; after an attempt that may have taken effect
 * (no response, a 5xx), a later 412 is resolved by reading the object back: our bytes mean this
 * call created it, other bytes mean another writer did. Two writers never put identical bytes to a
 * Delta commit (each carries its own commitInfo), so identical bytes identify our write. A 409
 * (another conditional write to the key in flight) refused this attempt and is simply retried.
 *
 * <p>Thread-safe.
 */
public final class ConditionalPut {

  private static final int MAX_ATTEMPTS = 6;
  private static final long FIRST_PAUSE_MILLIS = 25;
  private static final long MAX_PAUSE_MILLIS = 1_000;

  private final S3Clients clients;
  private final String bucket;

  public ConditionalPut(S3Clients clients, String bucket) {
    this.clients = clients;
    this.bucket = bucket;
  }

  /**
   * Creates {@code key} with {@code data} unless it exists.
   *
   * @return whether this call created the object
   * @throws StorageOutcomeUnknownException if an attempt may have created it and no read could tell
   * @throws StorageException if S3 refused the request (permissions, missing bucket)
   */
  public boolean putIfAbsent(String path, String key, byte[] data) {
    boolean mayHaveWritten = false;
    SdkException last = null;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      if (attempt > 1 && !pause(attempt)) {
        Thread.currentThread().interrupt();
        if (mayHaveWritten) {
          throw new StorageOutcomeUnknownException(path, "interrupted before a retry", last);
        }
        throw new StorageException("Cannot write '" + path + "': interrupted before a retry", last);
      }
      try {
        clients
            .singleAttempt()
            .putObject(
                PutObjectRequest.builder().bucket(bucket).key(key).ifNoneMatch("*").build(),
                RequestBody.fromBytes(data));
        return true;
      } catch (SdkException e) {
        last = e;
        int status = S3Failures.status(e);
        if (status == 412) {
          return mayHaveWritten && holdsBytes(path, key, data, e);
        }
        if (status == 409) {
          continue;
        }
        if (!S3Failures.mayHaveTakenEffect(e)) {
          throw S3Failures.failure("write", path, location(key), e);
        }
        mayHaveWritten = true;
      }
    }
    if (mayHaveWritten) {
      return holdsBytes(path, key, data, last);
    }
    throw new StorageException(
        "Cannot write '"
            + path
            + "' at "
            + location(key)
            + ": "
            + MAX_ATTEMPTS
            + " attempts met concurrent writes; last: "
            + S3Failures.describe(last),
        last);
  }

  /**
   * After an attempt that may have succeeded: true if the object holds {@code data}, false if it
   * holds other bytes (so another writer's conditional PUT won and ours can never land).
   */
  private boolean holdsBytes(String path, String key, byte[] data, SdkException cause) {
    byte[] stored;
    try {
      stored =
          clients
              .retrying()
              .getObjectAsBytes(GetObjectRequest.builder().bucket(bucket).key(key).build())
              .asByteArray();
    } catch (SdkException e) {
      StorageOutcomeUnknownException unknown =
          new StorageOutcomeUnknownException(
              path,
              S3Failures.isNotFound(e)
                  ? "an attempt may still land and the object is not there yet"
                  : "an attempt may have landed and reading it back failed: "
                      + S3Failures.describe(e),
              e);
      unknown.addSuppressed(cause);
      throw unknown;
    }
    return Arrays.equals(stored, data);
  }

  private String location(String key) {
    return "s3://" + bucket + "/" + key;
  }

  /** Backs off with jitter before attempt {@code attempt}; false if interrupted. */
  private static boolean pause(int attempt) {
    long ceiling = Math.min(MAX_PAUSE_MILLIS, FIRST_PAUSE_MILLIS << (attempt - 2));
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(ceiling / 2, ceiling + 1));
      return true;
    } catch (InterruptedException e) {
      return false;
    }
  }
}
