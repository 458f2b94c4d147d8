package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.CommandRequest;

/** The rule of MongoDB's server-wide commands: they run against the {@code admin} database. */
public final class AdminDatabase {

  private AdminDatabase() {}

  /**
   * @throws MongoLakeException Unauthorized when the request targets another database
   */
  public static void require(CommandRequest request) {
    if (!request.database().equals("admin")) {
      throw new MongoLakeException(
          ErrorCode.UNAUTHORIZED,
          request.commandName() + " may only be run against the admin database.");
    }
  }
}
