package dev.mongolake.delta;

import dev.mongolake.delta.exceptions.UnsupportedTableFeatureException;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.log.schema.StructType;
import java.util.List;
import java.util.Set;

/**
 * The Delta protocol versions and table features this library implements, and the checks that
 * refuse tables using anything else (so that a reader never returns wrong rows and a writer never
 * corrupts a table).
 *
 * <p>Reading: reader versions 1 to 3. Reader features {@code timestampNtz}, {@code variantType},
 * {@code v2Checkpoint} (V2 checkpoints with sidecars are read), {@code vacuumProtocolCheck}, {@code
 * deletionVectors} (every read of {@link dev.mongolake.delta.table.DocumentSnapshot} skips the rows
 * a file's deletion vector deletes; {@link dev.mongolake.delta.dv.DeletionVectors} reads a vector
 * for other readers), {@code columnMapping} in modes {@code none}, {@code name} and {@code id}
 * ({@link ColumnMapping}; a schema missing what the mode needs is refused), and {@code
 * typeWidening} / {@code typeWidening-preview} ({@link TypeWidening}; an unsupported type change is
 * refused). {@link dev.mongolake.delta.rows.TableReader} reads the rows of such tables by logical
 * names, in the current column types. Not supported: {@code catalogManaged}, {@code
 * variantShredding}, and any feature not listed.
 *
 * <p>Writing: writer versions 1 to 7. Writer features {@code appendOnly} (enforced), {@code
 * changeDataFeed}, {@code domainMetadata}, {@code inCommitTimestamp} (written when enabled), {@code
 * timestampNtz}, {@code variantType}, {@code v2Checkpoint}, {@code vacuumProtocolCheck}, {@code
 * deletionVectors} (commits keep a file's vector in its {@code remove}, {@link
 * dev.mongolake.delta.table.DocumentTable} writes vectors when the table enables them and never
 * writes a vector's deleted rows back when it rewrites a file, checkpoints carry the vectors,
 * vacuum keeps the vector files live and retained files use), and, while not in use by the schema
 * or configuration, {@code invariants}, {@code checkConstraints}, {@code generatedColumns}, {@code
 * identityColumns}; and {@code columnMapping} in modes {@code none} and {@code name} (new tables
 * get mode {@code name} with {@code delta.columnMapping.mode=name}, see {@link DeltaTable#create};
 * their data files must name columns physically, as {@link dev.mongolake.delta.rows.TableWriter}
 * does; document tables refuse it). Not supported: {@code rowTracking}, {@code clustering}, {@code
 * icebergCompatV1/V2}, {@code typeWidening}, {@code allowColumnDefaults}, {@code catalogManaged}.
 *
 * <p>Stateless and thread-safe.
 */
public final class TableFeatures {
  /** The highest reader version this library reads. */
  public static final int MAX_READER_VERSION = 3;

  /** The highest writer version this library writes. */
  public static final int MAX_WRITER_VERSION = 7;

  /** Reader features this library implements. */
  public static final Set<String> READER_FEATURES =
      Set.of(
          "columnMapping",
          "deletionVectors",
          "timestampNtz",
          "variantType",
          "variantType-preview",
          "v2Checkpoint",
          "vacuumProtocolCheck",
          "typeWidening",
          "typeWidening-preview");

  /** Writer features this library implements (some only while inactive, see class doc). */
  public static final Set<String> WRITER_FEATURES =
      Set.of(
          "appendOnly",
          "invariants",
          "checkConstraints",
          "generatedColumns",
          "identityColumns",
          "changeDataFeed",
          "columnMapping",
          "domainMetadata",
          "inCommitTimestamp",
          "timestampNtz",
          "variantType",
          "variantType-preview",
          "v2Checkpoint",
          "vacuumProtocolCheck",
          "deletionVectors");

  private TableFeatures() {}

  /**
   * {@code protocol} with {@code feature} added as a reader and writer feature, upgraded to reader
   * version 3 and writer version 7 when it was a legacy protocol (listing the features its legacy
   * versions implied, so nothing it allowed is lost); {@code protocol} itself when it lists the
   * feature already.
   */
  public static Protocol withReaderWriterFeature(Protocol protocol, String feature) {
    Set<String> reader = new java.util.LinkedHashSet<>();
    if (protocol.minReaderVersion() == 3 && protocol.readerFeatures() != null) {
      reader.addAll(protocol.readerFeatures());
    } else if (protocol.minReaderVersion() == 2) {
      reader.add("columnMapping");
    }
    Set<String> writer = new java.util.LinkedHashSet<>();
    if (protocol.minWriterVersion() == 7 && protocol.writerFeatures() != null) {
      writer.addAll(protocol.writerFeatures());
    } else {
      for (String legacy :
          List.of(
              "appendOnly",
              "invariants",
              "checkConstraints",
              "changeDataFeed",
              "generatedColumns",
              "columnMapping",
              "identityColumns")) {
        if (supportsWriterFeature(protocol, legacy)) {
          writer.add(legacy);
        }
      }
    }
    if (reader.contains(feature) && writer.contains(feature)) {
      return protocol;
    }
    reader.add(feature);
    writer.add(feature);
    return new Protocol(3, 7, List.copyOf(reader), List.copyOf(writer));
  }

  /**
   * Refuses a table this library cannot read correctly.
   *
   * @throws UnsupportedTableFeatureException naming the first unsupported feature or version
   */
  public static void checkReadable(String table, Protocol protocol, Metadata metadata) {
    checkReader(table, protocol, metadata, "read");
  }

  private static void checkReader(
      String table, Protocol protocol, Metadata metadata, String action) {
    int reader = protocol.minReaderVersion();
    if (reader > MAX_READER_VERSION || reader < 1) {
      throw unsupported(table, action, "readerVersion" + reader, "reader version " + reader);
    }
    if (reader == 3) {
      List<String> features =
          protocol.readerFeatures() == null ? List.of() : protocol.readerFeatures();
      for (String feature : features) {
        if (!READER_FEATURES.contains(feature)) {
          throw unsupported(table, action, feature, "table feature " + feature);
        }
      }
    }
    if (metadata != null) {
      // Both refuse, by name, metadata a reader cannot honour (a column without its physical
      // name, a type change it cannot convert) before any file is read.
      ColumnMapping.of(table, protocol, metadata);
      TypeWidening.check(table, metadata.schema());
    }
  }

  /**
   * Refuses a table this library cannot write correctly (which includes every table it cannot
   * read).
   *
   * @throws UnsupportedTableFeatureException naming the first unsupported feature or version
   */
  public static void checkWritable(String table, Protocol protocol, Metadata metadata) {
    checkReader(table, protocol, metadata, "write");
    int writer = protocol.minWriterVersion();
    if (writer > MAX_WRITER_VERSION || writer < 1) {
      throw unsupported(table, "write", "writerVersion" + writer, "writer version " + writer);
    }
    if (writer == 7) {
      List<String> features =
          protocol.writerFeatures() == null ? List.of() : protocol.writerFeatures();
      for (String feature : features) {
        if (!WRITER_FEATURES.contains(feature)) {
          throw unsupported(table, "write", feature, "table feature " + feature);
        }
      }
    }
    StructType schema = metadata.schema();
    if (schema.hasFieldMetadata("delta.invariants")) {
      throw unsupported(table, "write", "invariants", "column invariants (delta.invariants)");
    }
    if (metadata.configuration().keySet().stream()
        .anyMatch(k -> k.startsWith("delta.constraints."))) {
      throw unsupported(table, "write", "checkConstraints", "CHECK constraints");
    }
    if (schema.hasFieldMetadata("delta.generationExpression")) {
      throw unsupported(table, "write", "generatedColumns", "generated columns");
    }
    if (schema.hasFieldMetadata("delta.identity.")) {
      throw unsupported(table, "write", "identityColumns", "identity columns");
    }
    // Name mode is written (by writers that name columns physically, such as
    // dev.mongolake.delta.rows.TableWriter); id mode is not.
    if (ColumnMapping.of(table, protocol, metadata).mode() == ColumnMapping.Mode.ID) {
      throw unsupported(table, "write", "columnMapping", "table feature columnMapping in mode id");
    }
  }

  /** Whether the protocol lists (or, for legacy versions, implies) a writer feature. */
  public static boolean supportsWriterFeature(Protocol protocol, String feature) {
    if (protocol.minWriterVersion() == 7) {
      return protocol.writerFeatures() != null && protocol.writerFeatures().contains(feature);
    }
    int needed =
        switch (feature) {
          case "appendOnly", "invariants" -> 2;
          case "checkConstraints" -> 3;
          case "changeDataFeed", "generatedColumns" -> 4;
          case "columnMapping" -> 5;
          case "identityColumns" -> 6;
          default -> Integer.MAX_VALUE;
        };
    return protocol.minWriterVersion() >= needed;
  }

  private static UnsupportedTableFeatureException unsupported(
      String table, String action, String feature, String what) {
    return new UnsupportedTableFeatureException(
        feature,
        "Cannot "
            + action
            + " table "
            + table
            + ": it uses "
            + what
            + ", which this library does not support");
  }
}
