package dev.mongolake.delta.s3.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * Streams an object to S3, visible only after a successful {@link #close()}.
 *
 * <p>Bytes are buffered up to one part. A stream that never fills a part is sent as one PUT on
 * close; a larger one becomes a multipart upload (parts are sent as they fill, the upload is
 * completed on close). A failed write or close aborts the upload, so no object appears and no parts
 * are left billed. A stream abandoned without {@code close()} leaves an incomplete upload behind; a
 * bucket lifecycle rule that aborts incomplete uploads cleans those up.
 *
 * <p>Not thread-safe (like any stream); the caller closes it.
 */
public final class S3OutputStream extends OutputStream {

  private final S3Client client;
  private final String bucket;
  private final String key;
  private final int partSize;
  private byte[] buffer = new byte[64 * 1024];
  private int buffered;
  private String uploadId;
  private final List<CompletedPart> parts = new ArrayList<>();
  private boolean closed;

  public S3OutputStream(S3Client client, String bucket, String key, int partSize) {
    this.client = client;
    this.bucket = bucket;
    this.key = key;
    this.partSize = partSize;
  }

  @Override
  public void write(int b) throws IOException {
    ensureOpen();
    if (buffered == partSize) {
      sendPart();
    }
    ensureCapacity(buffered + 1);
    buffer[buffered++] = (byte) b;
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    ensureOpen();
    Objects.checkFromIndexSize(offset, length, bytes.length);
    while (length > 0) {
      if (buffered == partSize) {
        sendPart();
      }
      ensureCapacity((int) Math.min(partSize, (long) buffered + length));
      int n = Math.min(length, buffer.length - buffered);
      System.arraycopy(bytes, offset, buffer, buffered, n);
      buffered += n;
      offset += n;
      length -= n;
    }
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (uploadId == null) {
        client.putObject(
            PutObjectRequest.builder().bucket(bucket).key(key).build(),
            RequestBody.fromBytes(Arrays.copyOf(buffer, buffered)));
        return;
      }
      if (buffered > 0) {
        uploadPart();
      }
      client.completeMultipartUpload(
          b -> b.bucket(bucket).key(key).uploadId(uploadId).multipartUpload(m -> m.parts(parts)));
    } catch (SdkException e) {
      abort(e);
      throw new IOException(
          "Cannot write s3://" + bucket + "/" + key + ": " + S3Failures.describe(e), e);
    }
  }

  private void sendPart() throws IOException {
    try {
      if (uploadId == null) {
        uploadId = client.createMultipartUpload(b -> b.bucket(bucket).key(key)).uploadId();
      }
      uploadPart();
    } catch (SdkException e) {
      closed = true;
      abort(e);
      throw new IOException(
          "Cannot write s3://" + bucket + "/" + key + ": " + S3Failures.describe(e), e);
    }
  }

  private void uploadPart() {
    int number = parts.size() + 1;
    String etag =
        client
            .uploadPart(
                b -> b.bucket(bucket).key(key).uploadId(uploadId).partNumber(number),
                RequestBody.fromBytes(Arrays.copyOf(buffer, buffered)))
            .eTag();
    parts.add(CompletedPart.builder().partNumber(number).eTag(etag).build());
    buffered = 0;
  }

  /** Grows the buffer geometrically, so small objects do not cost a whole part of memory. */
  private void ensureCapacity(int needed) {
    if (buffer.length < needed) {
      buffer = Arrays.copyOf(buffer, Math.min(partSize, Math.max(needed, buffer.length * 2)));
    }
  }

  private void abort(SdkException cause) {
    if (uploadId == null) {
      return;
    }
    try {
      client.abortMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId));
    } catch (SdkException e) {
      cause.addSuppressed(e);
    }
  }

  private void ensureOpen() throws IOException {
    if (closed) {
      throw new IOException("Cannot write s3://" + bucket + "/" + key + ": the stream is closed");
    }
  }
}
