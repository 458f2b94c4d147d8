package dev.mongolake.delta;

import dev.mongolake.delta.storage.FileSystemStorage;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A separate JVM that appends to a table: prints {@code READY}, waits for a line on stdin, then
 * commits one file per append and prints {@code ACK <file path> <version>} for each, then {@code
 * DONE}. Arguments: storage root, writer id, number of commits.
 */
public final class AppendingProcess {
  private AppendingProcess() {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args[0]);
    String writer = args[1];
    int commits = Integer.parseInt(args[2]);
    try (FileSystemStorage storage = new FileSystemStorage(root)) {
      DeltaTable table = DeltaTable.forPath(storage, "t");
      table.snapshot();
      System.out.println("READY");
      System.out.flush();
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      for (int i = 0; i < commits; i++) {
        String name = writer + "-" + i + ".parquet";
        CommitResult result =
            table.startTransaction().add(TestTables.file(name, writer, 10)).commit();
        System.out.println("ACK day=" + writer + "/" + name + " " + result.version());
        System.out.flush();
      }
      System.out.println("DONE");
      System.out.flush();
    }
  }
}
