package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.MongoLake;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.CursorRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Authorization denies a command that declares nothing; this keeps every command the server
 * registers from being denied to everyone by omission, or allowed by a default.
 */
class EveryCommandDeclaresAccessTest {

  @TempDir Path root;

  @Test
  void everyRegisteredCommandDeclaresWhatItRequires() throws Exception {
    try (MongoLake lake = MongoLake.open(root)) {
      var registry =
          StandardCommands.forLake(
              lake, new CursorRegistry(Clock.systemUTC(), CursorRegistry.DEFAULT_TIMEOUT));

      List<String> undeclared =
          registry.commands().values().stream()
              .filter(EveryCommandDeclaresAccessTest::inheritsTheDefault)
              .map(Command::name)
              .toList();

      assertThat(registry.commands()).containsKeys("hello", "find", "insert", "createUser");
      assertThat(undeclared).isEmpty();
    }
  }

  private static boolean inheritsTheDefault(Command command) {
    try {
      return command.getClass().getMethod("access", CommandRequest.class).getDeclaringClass()
          == Command.class;
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }
}
