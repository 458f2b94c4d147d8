package dev.mongolake.server.clients;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;

/**
 * What a client process did: its exit code and output. The client scripts print one JSON line per
 * check, {@code {"check": name, "ok": bool, "value": ...}}, then {@code {"done": true, "failures":
 * n}}.
 */
record ClientRun(List<String> command, int exitCode, String stdout, String stderr) {

  /** The JSON lines printed on stdout, in order; other lines are ignored. */
  List<Document> jsonLines() {
    List<Document> lines = new ArrayList<>();
    for (String line : stdout.split("\\R")) {
      String trimmed = line.strip();
      if (trimmed.startsWith("{") && trimmed.endsWith("}")) {
        lines.add(Document.parse(trimmed));
      }
    }
    return lines;
  }

  /** The reported checks by name, in the order printed. */
  Map<String, Document> checks() {
    Map<String, Document> checks = new LinkedHashMap<>();
    for (Document line : jsonLines()) {
      if (line.containsKey("check")) {
        checks.put(line.getString("check"), line);
      }
    }
    return checks;
  }

  /** The final summary line, or null when the script did not get that far. */
  Document summary() {
    return jsonLines().stream().filter(line -> line.containsKey("done")).findFirst().orElse(null);
  }

  /** The command and its whole output, for failure messages. */
  String describe() {
    return "command: "
        + String.join(" ", command)
        + "\nexit code: "
        + exitCode
        + "\n--- stdout ---\n"
        + stdout
        + "\n--- stderr ---\n"
        + stderr;
  }
}
