package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;

/**
 * What a client is told when answering its request failed in a way no handler meant: the request
 * ran the server out of stack (Overflow, as MongoDB answers input nested too deeply) or out of
 * memory (ExceededMemoryLimit), or hit a bug (InternalError). Every transport and the dispatcher
 * catch such failures where one request is handled, so that they end that request only.
 */
public final class UnexpectedFailure {

  private UnexpectedFailure() {}

  /**
   * The failure to report.
   *
   * @param action what could not be done, for the message ({@code "run command"})
   */
  public static MongoLakeException of(String action, Throwable error) {
    return switch (error) {
      case StackOverflowError ignored ->
          new MongoLakeException(
              ErrorCode.OVERFLOW, "Cannot " + action + ": it nests too deeply to process", error);
      case OutOfMemoryError ignored ->
          new MongoLakeException(
              ErrorCode.EXCEEDED_MEMORY_LIMIT,
              "Cannot " + action + ": the server ran out of memory",
              error);
      default ->
          new MongoLakeException(
              ErrorCode.INTERNAL_ERROR, "Cannot " + action + ": internal error: " + error, error);
    };
  }
}
