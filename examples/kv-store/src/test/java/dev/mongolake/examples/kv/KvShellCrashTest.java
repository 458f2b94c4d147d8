package dev.mongolake.examples.kv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.daktilo.Durability;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the shell in a child JVM and kills it (SIGKILL) right after its last acknowledgement. */
class KvShellCrashTest {

  @TempDir Path dir;

  @Test
  void everyAcknowledgedChangeSurvivesAKill() throws Exception {
    Process shell =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                KvShell.class.getName(),
                dir.toString())
            .redirectErrorStream(true)
            .start();
    Map<String, String> acknowledged = new TreeMap<>();
    try (BufferedReader out =
            new BufferedReader(
                new InputStreamReader(shell.getInputStream(), StandardCharsets.UTF_8));
        OutputStream in = shell.getOutputStream()) {
      assertThat(out.readLine()).startsWith("opened ");
      for (int i = 0; i < 50; i++) {
        String key = "k" + (i % 7);
        String command = i % 5 == 4 ? "delete " + key : "put " + key + " v" + i;
        in.write((command + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
        String reply = out.readLine();
        assertThat(reply).isEqualTo("ok seq=" + (i + 1));
        if (command.startsWith("delete")) {
          acknowledged.remove(key);
        } else {
          acknowledged.put(key, "v" + i);
        }
      }
      shell.destroyForcibly();
      assertThat(shell.waitFor(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      shell.destroyForcibly();
    }

    try (KvStore store = KvStore.open(dir, Durability.BATCH)) {
      assertThat(store.entries()).isEqualTo(acknowledged);
      assertThat(store.appliedSequence()).isEqualTo(50);
    }
  }
}
