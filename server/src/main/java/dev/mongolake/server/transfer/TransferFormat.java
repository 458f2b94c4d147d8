package dev.mongolake.server.transfer;

import java.nio.file.Path;
import java.util.Locale;

/** File formats of {@code mongolake import} and {@code export}. */
public enum TransferFormat {
  /** One Extended JSON document per line, or one JSON array of documents. */
  JSON,
  /** Comma-separated values with a header line of field names (dotted names nest). */
  CSV;

  /** The format a file name implies: {@code .csv} is CSV, anything else JSON. */
  public static TransferFormat forFile(Path file) {
    return file != null && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv")
        ? CSV
        : JSON;
  }
}
