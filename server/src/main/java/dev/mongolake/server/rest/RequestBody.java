package dev.mongolake.server.rest;

import dev.mongolake.ErrorCode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a request body up to a limit: MongoDB's 16 MiB document limit, so that a client cannot make
 * the server buffer without bound. Oversized bodies fail with 413 as soon as the limit is passed,
 * whether the client declared the length or not.
 */
final class RequestBody {

  /** MongoDB's maximum BSON document size. */
  static final int MAX_BYTES = 16 * 1024 * 1024;

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
        throw tooLarge();
      }
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    byte[] chunk = new byte[64 * 1024];
    int read;
    while ((read = in.read(chunk)) >= 0) {
      if (body.size() + read > MAX_BYTES) {
        throw tooLarge();
      }
      body.write(chunk, 0, read);
    }
    return body.toByteArray();
  }

  private static RestException tooLarge() {
    return new RestException(
        HttpStatuses.PAYLOAD_TOO_LARGE,
        ErrorCode.BSON_OBJECT_TOO_LARGE,
        "Cannot read the request body: it is larger than " + MAX_BYTES + " bytes");
  }
}
