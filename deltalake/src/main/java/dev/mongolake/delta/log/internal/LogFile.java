package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.storage.FileEntry;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A recognised file of {@code _delta_log}: a commit ({@code N.json}), a classic, multi-part or
 * UUID-named checkpoint. Other files (checksums, compactions, staged commits) are not log files for
 * replay.
 *
 * @param part 1-based part number of a multi-part checkpoint, else 1
 * @param parts number of parts of a multi-part checkpoint, else 1
 */
public record LogFile(FileEntry entry, Kind kind, long version, int part, int parts) {

  /** What a log file holds. */
  public enum Kind {
    COMMIT,
    CLASSIC_CHECKPOINT,
    MULTI_PART_CHECKPOINT,
    UUID_CHECKPOINT
  }

  private static final Pattern COMMIT = Pattern.compile("(\\d{20})\\.json");
  private static final Pattern CLASSIC = Pattern.compile("(\\d{20})\\.checkpoint\\.parquet");
  private static final Pattern MULTI =
      Pattern.compile("(\\d{20})\\.checkpoint\\.(\\d{10})\\.(\\d{10})\\.parquet");
  private static final Pattern UUID =
      Pattern.compile("(\\d{20})\\.checkpoint\\.[0-9a-fA-F-]{36}\\.(json|parquet)");

  /** The file name of the commit for {@code version}. */
  public static String commitName(long version) {
    return "%020d.json".formatted(version);
  }

  /** The file name of the classic checkpoint for {@code version}. */
  public static String classicCheckpointName(long version) {
    return "%020d.checkpoint.parquet".formatted(version);
  }

  /** The name's 20-digit version prefix, used as a listing start. */
  public static String versionPrefix(long version) {
    return "%020d".formatted(version);
  }

  /** Parses a listed file directly inside {@code logPrefix}; empty if it is not a log file. */
  public static Optional<LogFile> parse(FileEntry entry, String logPrefix) {
    String name = entry.path().substring(logPrefix.length());
    if (name.contains("/")) {
      return Optional.empty();
    }
    Matcher m = COMMIT.matcher(name);
    if (m.matches()) {
      return Optional.of(new LogFile(entry, Kind.COMMIT, Long.parseLong(m.group(1)), 1, 1));
    }
    m = CLASSIC.matcher(name);
    if (m.matches()) {
      return Optional.of(
          new LogFile(entry, Kind.CLASSIC_CHECKPOINT, Long.parseLong(m.group(1)), 1, 1));
    }
    m = MULTI.matcher(name);
    if (m.matches()) {
      return Optional.of(
          new LogFile(
              entry,
              Kind.MULTI_PART_CHECKPOINT,
              Long.parseLong(m.group(1)),
              Integer.parseInt(m.group(2)),
              Integer.parseInt(m.group(3))));
    }
    m = UUID.matcher(name);
    if (m.matches()) {
      return Optional.of(
          new LogFile(entry, Kind.UUID_CHECKPOINT, Long.parseLong(m.group(1)), 1, 1));
    }
    return Optional.empty();
  }

  public boolean isCheckpoint() {
    return kind != Kind.COMMIT;
  }

  public String path() {
    return entry.path();
  }
}
