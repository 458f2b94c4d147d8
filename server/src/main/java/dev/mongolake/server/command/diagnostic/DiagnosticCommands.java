package dev.mongolake.server.command.diagnostic;

import dev.mongolake.MongoLake;
import dev.mongolake.server.command.Command;
import java.util.List;

/**
 * Diagnostic commands answered from what the engine does today: {@code collStats}, {@code dbStats},
 * {@code explain}, {@code validate}, {@code currentOp} and {@code killOp}.
 */
public final class DiagnosticCommands {

  private DiagnosticCommands() {}

  /** One handler per command, reading the given lake. */
  public static List<Command> all(MongoLake lake) {
    LakeCollections collections = new LakeCollections(lake);
    return List.of(
        new CollStatsCommand(collections),
        new DbStatsCommand(collections),
        new ExplainCommand(collections),
        new ValidateCommand(collections),
        new CompactCommand(collections),
        new CurrentOpCommand(),
        new KillOpCommand());
  }

  /** {@code currentOp} and {@code killOp}, which need no lake. */
  public static List<Command> operations() {
    return List.of(new CurrentOpCommand(), new KillOpCommand());
  }
}
