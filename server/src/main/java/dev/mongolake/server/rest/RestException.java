package dev.mongolake.server.rest;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;

/**
 * A failure whose HTTP status is not implied by its MongoDB error code: an unknown route, a method
 * a route does not take, an oversized body, a missing document.
 */
public final class RestException extends MongoLakeException {

  private final int status;

  public RestException(int status, ErrorCode code, String message) {
    super(code, message);
    this.status = status;
  }

  public int status() {
    return status;
  }
}
