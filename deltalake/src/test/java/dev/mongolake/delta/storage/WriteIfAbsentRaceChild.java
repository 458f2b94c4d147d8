package dev.mongolake.delta.storage;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.InputStreamReader;

/**
 * A separate JVM that races on {@link Storage#writeIfAbsent}: given a storage location (anything
 * {@link Storage#create(String)} opens), a writer id and a count, it prints {@code READY}, waits
 * for a line on standard input so that racers start together, then tries to create commit files
 * {@code 0..count-1} and prints {@code WON <n>} for each it created. An optional fourth argument
 * pads each file by that many bytes, to widen the window in which a killed writer could tear a
 * file.
 */
public final class WriteIfAbsentRaceChild {

  private WriteIfAbsentRaceChild() {}

  /** The file a racer writes for commit {@code n}. */
  static String commitPath(int n) {
    return "t/_delta_log/%020d.json".formatted(n);
  }

  /** The content writer {@code id} puts in commit {@code n}. */
  static String content(String id, int n) {
    return content(id, n, 0);
  }

  /** The content writer {@code id} puts in commit {@code n}, padded by {@code padding} bytes. */
  static String content(String id, int n, int padding) {
    return "{\"commitInfo\":{\"writer\":\""
        + id
        + "\",\"version\":"
        + n
        + (padding > 0 ? ",\"padding\":\"" + "x".repeat(padding) + "\"" : "")
        + "}}";
  }

  public static void main(String[] args) throws Exception {
    String location = args[0];
    String id = args[1];
    int count = Integer.parseInt(args[2]);
    int padding = args.length > 3 ? Integer.parseInt(args[3]) : 0;
    Storage storage = Storage.create(location);
    System.out.println("READY");
    System.out.flush();
    new BufferedReader(new InputStreamReader(System.in, UTF_8)).readLine();
    StringBuilder won = new StringBuilder();
    for (int n = 0; n < count; n++) {
      if (storage.writeIfAbsent(commitPath(n), content(id, n, padding).getBytes(UTF_8))) {
        won.append("WON ").append(n).append('\n');
      }
    }
    System.out.print(won);
    System.out.println("DONE");
    System.out.flush();
    storage.close();
  }
}
