package dev.mongolake.delta.log;

import java.util.Map;

/**
 * The encoding of the table's data files ({@code metaData.format}).
 *
 * @param provider for example {@code parquet}
 * @param options provider options
 */
public record Format(String provider, Map<String, String> options) {
  public static final Format PARQUET = new Format("parquet", Map.of());

  public Format {
    options = options == null ? Map.of() : Maps.copyKeepingNulls(options);
  }
}
