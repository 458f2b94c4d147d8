package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.log.schema.VariantType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Chooses the smallest protocol a new table needs: legacy (1, 2) when nothing more is used, (1, 4)
 * for change data feed, and table features once a feature needs them (reader features such as
 * {@code variantType} or {@code timestampNtz} give (3, 7); writer-only ones such as {@code
 * inCommitTimestamp} give (1, 7)). {@code delta.enableDeletionVectors} adds the {@code
 * deletionVectors} reader and writer feature. {@code delta.columnMapping.mode=name} gives (2, 5),
 * or the {@code columnMapping} reader and writer feature when table features are needed anyway.
 */
public final class ProtocolSelection {
  private ProtocolSelection() {}

  public static Protocol forNewTable(StructType schema, Map<String, String> configuration) {
    Set<String> reader = new LinkedHashSet<>();
    if (schema.containsType(t -> t instanceof VariantType)) {
      reader.add("variantType");
    }
    if (schema.containsType(PrimitiveType.TIMESTAMP_NTZ::equals)) {
      reader.add("timestampNtz");
    }
    boolean ict = isTrue(configuration, "delta.enableInCommitTimestamps");
    boolean cdf = isTrue(configuration, "delta.enableChangeDataFeed");
    if (isTrue(configuration, "delta.enableDeletionVectors")) {
      reader.add("deletionVectors");
    }
    boolean columnMapping = "name".equalsIgnoreCase(configuration.get("delta.columnMapping.mode"));
    if (reader.isEmpty() && !ict) {
      return columnMapping ? Protocol.of(2, 5) : Protocol.of(1, cdf ? 4 : 2);
    }
    if (columnMapping) {
      reader.add("columnMapping");
    }
    Set<String> writer = new LinkedHashSet<>(List.of("appendOnly", "invariants"));
    writer.addAll(reader);
    if (cdf) {
      writer.add("changeDataFeed");
    }
    if (ict) {
      writer.add("inCommitTimestamp");
    }
    return reader.isEmpty()
        ? new Protocol(1, 7, null, new ArrayList<>(writer))
        : new Protocol(3, 7, new ArrayList<>(reader), new ArrayList<>(writer));
  }

  static boolean isTrue(Map<String, String> configuration, String key) {
    return "true".equalsIgnoreCase(configuration.get(key));
  }
}
