package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.CommandArguments;

/**
 * The {@code scale} of {@code collStats} and {@code dbStats}: sizes are divided by it (1024 reports
 * KiB).
 */
record Scale(long factor) {

  static Scale of(CommandArguments args) {
    long factor = args.number("scale", 1);
    if (factor < 1) {
      throw new MongoLakeException(ErrorCode.BAD_VALUE, "scale has to be > 0");
    }
    return new Scale(factor);
  }

  long apply(long bytes) {
    return bytes / factor;
  }
}
