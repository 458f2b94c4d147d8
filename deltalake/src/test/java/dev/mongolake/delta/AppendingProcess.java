package dev.mongolake.delta;

import dev.mongolake.delta.storage.Storage;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A separate JVM that appends to a table: prints {@code READY}, waits for a line on stdin, then
 * commits one file per append and prints {@code ACK <file path> <version>} for each, then {@code
 * DONE}. Arguments: storage location (anything {@link Storage#create(String)} opens, so the same
 * child runs against the filesystem and S3), table path, writer id, number of commits.
 */
public final class AppendingProcess {
  private AppendingProcess() {}

  public static void main(String[] args) throws Exception {
    String location = args[0];
    String tablePath = args[1];
    String writer = args[2];
    int commits = Integer.parseInt(args[3]);
    try (Storage storage = Storage.create(location)) {
      DeltaTable table = DeltaTable.forPath(storage, tablePath);
      table.snapshot();
      System.out.println("READY");
      System.out.flush();
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      for (int i = 0; i < commits; i++) {
        AddFileMarker marker = new AddFileMarker(writer, i);
        CommitResult result = table.startTransaction().add(marker.addFile()).commit();
        System.out.println("ACK " + marker.path() + " " + result.version());
        System.out.flush();
      }
      System.out.println("DONE");
      System.out.flush();
    }
  }
}
