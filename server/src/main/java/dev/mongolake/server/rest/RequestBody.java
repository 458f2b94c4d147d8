package dev.mongolake.server.rest;

import dev.mongolake.ErrorCode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a request body up to a limit: MongoDB's 16 MiB document limit, so that a client cannot make
 * the server buffer without bound. Oversized bodies fail with 413 as soon as the limit is passed,
 * whether the client declared the length or not. The rest of such a body, up to {@value
 * #DISCARD_BYTES} bytes, is read and dropped before the answer: a client that is still sending
 * (most HTTP/1.1 clients send the whole body before they read) would otherwise see the connection
 * reset instead of the 413.
 */
final class RequestBody {

  /** MongoDB's maximum BSON document size. */
  static final int MAX_BYTES = 16 * 1024 * 1024;

  /** How much of an oversized body is read and dropped so that the client gets the answer. */
  static final long DISCARD_BYTES = 4L * MAX_BYTES;

  private RequestBody() {}

  static byte[] read(InputStream in, String contentLength) throws IOException {
    if (contentLength != null) {
      long declared;
      try {
        declared = Long.parseLong(contentLength.strip());
      } catch (NumberFormatException e) {
        declared = -1;
      }
      if (declared > MAX_BYTES) {
        if (declared <= DISCARD_BYTES) {
          discard(in, DISCARD_BYTES);
        }
        throw tooLarge();
      }
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    byte[] chunk = new byte[64 * 1024];
    int read;
    while ((read = in.read(chunk)) >= 0) {
      if (body.size() + read > MAX_BYTES) {
        discard(in, DISCARD_BYTES - body.size() - read);
        throw tooLarge();
      }
      body.write(chunk, 0, read);
    }
    return body.toByteArray();
  }

  /** Reads and drops up to {@code limit} bytes, stopping early at the end of the body. */
  private static void discard(InputStream in, long limit) throws IOException {
    byte[] chunk = new byte[64 * 1024];
    long left = limit;
    int read;
    while (left > 0 && (read = in.read(chunk, 0, (int) Math.min(chunk.length, left))) >= 0) {
      left -= read;
    }
  }

  private static RestException tooLarge() {
    return new RestException(
        HttpStatuses.PAYLOAD_TOO_LARGE,
        ErrorCode.BSON_OBJECT_TOO_LARGE,
        "Cannot read the request body: it is larger than " + MAX_BYTES + " bytes");
  }
}
