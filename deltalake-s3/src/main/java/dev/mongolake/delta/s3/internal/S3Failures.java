package dev.mongolake.delta.s3.internal;

import dev.mongolake.delta.storage.StorageException;
import java.io.IOException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** How S3 errors read and what they mean for whether a request may have taken effect. */
public final class S3Failures {

  private S3Failures() {}

  /**
   * Whether the error is S3 saying the key is not there. A missing bucket is a configuration error,
   * not a missing file; HEAD answers carry no error code, so there the two look alike.
   */
  public static boolean isNotFound(SdkException e) {
    return e instanceof S3Exception s3
        && s3.statusCode() == 404
        && !(s3.awsErrorDetails() != null
            && "NoSuchBucket".equals(s3.awsErrorDetails().errorCode()));
  }

  /** The HTTP status of an S3 error, or 0 when the request got no answer. */
  public static int status(SdkException e) {
    return e instanceof S3Exception s3 ? s3.statusCode() : 0;
  }

  /**
   * Whether a failed request may nonetheless have been carried out: the connection broke after the
   * request left, or the server failed in a way that does not promise it did nothing.
   */
  public static boolean mayHaveTakenEffect(SdkException e) {
    if (e instanceof S3Exception s3) {
      int status = s3.statusCode();
      return status >= 500 || status == 408 || status == 429;
    }
    return causedByIo(e);
  }

  /** Whether the error comes from the network rather than from configuration or the request. */
  public static boolean causedByIo(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof IOException) {
        return true;
      }
    }
    return false;
  }

  /** A storage failure naming the action, the storage path, the object and S3's reason. */
  public static StorageException failure(
      String action, String path, String location, SdkException e) {
    return new StorageException(
        "Cannot " + action + " '" + path + "' at " + location + ": " + describe(e), e);
  }

  /** S3's status, code and message, or the client error's message. */
  public static String describe(SdkException e) {
    if (e instanceof S3Exception s3 && s3.awsErrorDetails() != null) {
      return s3.statusCode()
          + " "
          + s3.awsErrorDetails().errorCode()
          + " "
          + s3.awsErrorDetails().errorMessage();
    }
    return e.getMessage();
  }
}
