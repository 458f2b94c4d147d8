package dev.mongolake.delta.parquet;

import dev.mongolake.delta.parquet.internal.ColumnValueConverter;
import dev.mongolake.delta.parquet.internal.IdValueConverter;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.variant.BsonVariantCodec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * Reads a document file's {@code _id} and some scalar promoted columns straight from their pages,
 * in batches of rows, without assembling records or decoding documents: what a columnar aggregation
 * reads. Row groups that the filter's statistics, dictionaries, bloom filters and column indexes
 * rule out are skipped, as by {@link DocumentFileReader}; the rows returned are a superset of the
 * matching ones, so the caller still applies its filter.
 *
 * <p>The values are exactly the documents' only when {@link #exact()}: every requested column is
 * exact in this file ({@link ColumnExactness}) and its {@code _id}s decode from their column. A
 * caller reads a file that is not exact through {@link DocumentFileReader} instead.
 *
 * <p>Single-threaded; the caller closes it. Failures are thrown as {@link ParquetFileException}.
 */
public final class DocumentColumnReader implements AutoCloseable {
  /** Rows per batch at most. */
  public static final int BATCH_ROWS = 4096;

  private final String path;
  private final ParquetFileReader file;
  private final List<String> paths;
  private final boolean exact;
  private final MessageType requested;
  private final String createdBy;
  private final GroupConverter root;
  private final ColumnValueConverter[] converters;
  private final ColumnDescriptor idColumn;
  private final ColumnDescriptor[] columns;
  private final boolean readIds;
  private final BsonValue[] ids = new BsonValue[BATCH_ROWS];
  private final BsonValue[][] values;
  private BsonValue id;
  private final PrimitiveConverter idConverter;
  private ColumnReader idReader;
  private ColumnReader[] readers;
  private long rowsLeftInGroup;
  private int rowGroupsRead;

  private DocumentColumnReader(
      String path, ParquetFileReader file, List<String> paths, boolean readIds) {
    this.path = path;
    this.readIds = readIds;
    this.file = file;
    this.paths = List.copyOf(paths);
    MessageType schema = file.getFooter().getFileMetaData().getSchema();
    this.createdBy = file.getFooter().getFileMetaData().getCreatedBy();
    Map<String, String> footer = file.getFooter().getFileMetaData().getKeyValueMetaData();
    Set<String> exactColumns =
        ColumnExactness.parseFooterValue(footer.get(DocumentFileLayout.EXACT_COLUMNS_KEY));
    String encodingName = footer.get(DocumentFileLayout.ID_ENCODING_KEY);
    if (encodingName == null) {
      throw new ParquetFileException(
          "Cannot read document file "
              + path
              + ": footer key "
              + DocumentFileLayout.ID_ENCODING_KEY
              + " is missing; not a MongoLake document file");
    }
    IdEncoding encoding = IdEncoding.valueOf(encodingName);
    String exactId = footer.get(DocumentFileLayout.EXACT_ID_KEY);
    boolean idsDecode = encoding != IdEncoding.KEY || exactId != null;
    this.exact = idsDecode && exactColumns.containsAll(this.paths);
    this.values = new BsonValue[this.paths.size()][BATCH_ROWS];
    this.converters = new ColumnValueConverter[this.paths.size()];
    this.columns = new ColumnDescriptor[this.paths.size()];
    BsonType keyNumbers =
        exactId == null || exactId.isEmpty() ? BsonType.INT32 : BsonType.valueOf(exactId);
    this.idConverter = new IdValueConverter(encoding, true, keyNumbers, value -> id = value);
    if (!exact) {
      this.requested = null;
      this.root = null;
      this.idColumn = null;
      return;
    }
    List<Type> fields = new ArrayList<>();
    if (readIds) {
      fields.add(schema.getType(DocumentFileLayout.ID_COLUMN));
    }
    Map<String, List<String>> byTopField = new HashMap<>();
    for (String column : this.paths) {
      byTopField.computeIfAbsent(column.split("\\.")[0], k -> new ArrayList<>()).add(column);
    }
    for (Type field : schema.getFields()) {
      List<String> wanted = byTopField.get(field.getName());
      if (wanted != null && !field.getName().equals(DocumentFileLayout.ID_COLUMN)) {
        fields.add(prune(field, field.getName(), wanted));
      }
    }
    this.requested = new MessageType(schema.getName(), fields);
    file.setRequestedSchema(requested);
    Map<String, Converter> leaves = new HashMap<>();
    leaves.put(DocumentFileLayout.ID_COLUMN, idConverter);
    for (int i = 0; i < this.paths.size(); i++) {
      String[] segments = this.paths.get(i).split("\\.");
      columns[i] = requested.getColumnDescription(segments);
      converters[i] = new ColumnValueConverter(columns[i].getPrimitiveType());
      leaves.put(this.paths.get(i), converters[i]);
    }
    this.idColumn =
        readIds
            ? requested.getColumnDescription(new String[] {DocumentFileLayout.ID_COLUMN})
            : null;
    this.root = (GroupConverter) converterFor(requested, "", leaves);
  }

  /**
   * Opens a Delta data file whose length the caller knows, taking its footer and indexes from
   * {@code cache}.
   *
   * @param paths the scalar promoted columns to read, as dotted paths
   * @param ids whether batches hold each row's {@code _id} (else {@link ColumnBatch#ids()} is null)
   * @param filter row groups and pages it rules out are skipped
   */
  public static DocumentColumnReader open(
      Storage storage,
      String path,
      long length,
      List<String> paths,
      boolean ids,
      FilterCompat.Filter filter,
      FileMetadataCache cache) {
    ParquetFileReader file =
        ParquetFiles.openFile(ParquetFiles.inputFile(storage, path, length), filter, cache);
    try {
      return new DocumentColumnReader(path, file, paths, ids);
    } catch (RuntimeException e) {
      try {
        file.close();
      } catch (IOException | RuntimeException closing) {
        e.addSuppressed(closing);
      }
      throw e instanceof ParquetFileException p
          ? p
          : new ParquetFileException("Cannot read document file " + path + ": " + e, e);
    }
  }

  /**
   * The documents of a file whose {@code _id} is one of {@code ids}, in file order: only their
   * Variant values are decoded, every other row's are skipped. The file's {@code _id}s must decode
   * from their column ({@link #exact()} of a read of no column).
   *
   * @param filter row groups and pages it rules out are skipped (pass the filter the ids came from,
   *     or none)
   * @throws ParquetFileException if the file cannot be read or its ids do not decode
   */
  public static List<BsonDocument> documents(
      Storage storage,
      String path,
      long length,
      Set<BsonValue> ids,
      FilterCompat.Filter filter,
      FileMetadataCache cache) {
    try (DocumentColumnReader reader =
        open(storage, path, length, List.of(), false, filter, cache)) {
      return reader.documentsOf(ids);
    }
  }

  private List<BsonDocument> documentsOf(Set<BsonValue> wanted) {
    if (!exact) {
      throw new ParquetFileException(
          "Cannot read documents of " + path + " by _id: its _id column does not decode");
    }
    MessageType schema = file.getFooter().getFileMetaData().getSchema();
    MessageType idAndDocument =
        new MessageType(
            schema.getName(),
            schema.getType(DocumentFileLayout.ID_COLUMN),
            schema.getType(DocumentFileLayout.DOCUMENT_COLUMN));
    file.setRequestedSchema(idAndDocument);
    byte[][] variant = new byte[2][];
    PrimitiveConverter metadata = binarySink(variant, 0);
    PrimitiveConverter value = binarySink(variant, 1);
    Map<String, Converter> leaves = new HashMap<>();
    leaves.put(DocumentFileLayout.ID_COLUMN, idConverter);
    leaves.put(DocumentFileLayout.DOCUMENT_COLUMN + ".metadata", metadata);
    leaves.put(DocumentFileLayout.DOCUMENT_COLUMN + ".value", value);
    GroupConverter tree = (GroupConverter) converterFor(idAndDocument, "", leaves);
    ColumnDescriptor ids =
        idAndDocument.getColumnDescription(new String[] {DocumentFileLayout.ID_COLUMN});
    ColumnDescriptor metadataColumn =
        idAndDocument.getColumnDescription(
            new String[] {DocumentFileLayout.DOCUMENT_COLUMN, "metadata"});
    ColumnDescriptor valueColumn =
        idAndDocument.getColumnDescription(
            new String[] {DocumentFileLayout.DOCUMENT_COLUMN, "value"});
    List<BsonDocument> out = new ArrayList<>();
    try {
      for (PageReadStore pages = file.readNextFilteredRowGroup();
          pages != null && out.size() < wanted.size();
          pages = file.readNextFilteredRowGroup()) {
        rowGroupsRead++;
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, tree, idAndDocument, createdBy);
        ColumnReader idValues = store.getColumnReader(ids);
        ColumnReader metadataValues = store.getColumnReader(metadataColumn);
        ColumnReader valueValues = store.getColumnReader(valueColumn);
        for (long row = 0; row < pages.getRowCount(); row++) {
          idValues.writeCurrentValueToConverter();
          idValues.consume();
          if (wanted.contains(id)) {
            metadataValues.writeCurrentValueToConverter();
            valueValues.writeCurrentValueToConverter();
            out.add(BsonVariantCodec.decode(variant[0], variant[1]));
          } else {
            metadataValues.skip();
            valueValues.skip();
          }
          metadataValues.consume();
          valueValues.consume();
        }
      }
    } catch (IOException | RuntimeException e) {
      throw e instanceof ParquetFileException p
          ? p
          : new ParquetFileException("Cannot read document file " + path + ": " + e, e);
    }
    return out;
  }

  private static PrimitiveConverter binarySink(byte[][] into, int index) {
    return new PrimitiveConverter() {
      @Override
      public void addBinary(org.apache.parquet.io.api.Binary binary) {
        into[index] = binary.getBytes();
      }
    };
  }

  /** Whether the columns give the documents' values exactly (else read the file's documents). */
  public boolean exact() {
    return exact;
  }

  /** The row groups in the file. */
  public int rowGroupCount() {
    return file.getFooter().getBlocks().size();
  }

  /** The row groups read so far (those no filter excluded). */
  public int rowGroupsRead() {
    return rowGroupsRead;
  }

  /**
   * The next rows, or null at the end of the file.
   *
   * @throws IllegalStateException when the file is not {@link #exact()}
   * @throws ParquetFileException if the file cannot be read
   */
  public ColumnBatch next() {
    if (!exact) {
      throw new IllegalStateException("Cannot read " + path + " by columns: they are not exact");
    }
    try {
      while (rowsLeftInGroup == 0) {
        PageReadStore pages = file.readNextFilteredRowGroup();
        if (pages == null) {
          return null;
        }
        rowGroupsRead++;
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, root, requested, createdBy);
        idReader = readIds ? store.getColumnReader(idColumn) : null;
        readers = new ColumnReader[columns.length];
        for (int i = 0; i < columns.length; i++) {
          readers[i] = store.getColumnReader(columns[i]);
        }
        rowsLeftInGroup = pages.getRowCount();
      }
    } catch (IOException | RuntimeException e) {
      throw e instanceof ParquetFileException p
          ? p
          : new ParquetFileException("Cannot read document file " + path + ": " + e, e);
    }
    int size = (int) Math.min(BATCH_ROWS, rowsLeftInGroup);
    for (int row = 0; readIds && row < size; row++) {
      idReader.writeCurrentValueToConverter();
      idReader.consume();
      ids[row] = id;
    }
    for (int c = 0; c < readers.length; c++) {
      ColumnReader reader = readers[c];
      int present = columns[c].getMaxDefinitionLevel();
      ColumnValueConverter converter = converters[c];
      BsonValue[] column = values[c];
      for (int row = 0; row < size; row++) {
        if (reader.getCurrentDefinitionLevel() == present) {
          reader.writeCurrentValueToConverter();
          column[row] = converter.value();
        } else {
          column[row] = null;
        }
        reader.consume();
      }
    }
    rowsLeftInGroup -= size;
    return new ColumnBatch(size, paths, readIds ? ids : null, values);
  }

  /** {@code type} (the field at {@code prefix}) keeping only the branches toward {@code wanted}. */
  private static Type prune(Type type, String prefix, List<String> wanted) {
    if (type.isPrimitive()) {
      return type;
    }
    GroupType group = type.asGroupType();
    List<Type> kept = new ArrayList<>();
    for (Type child : group.getFields()) {
      String childPath = prefix + "." + child.getName();
      List<String> below =
          wanted.stream()
              .filter(path -> path.equals(childPath) || path.startsWith(childPath + "."))
              .toList();
      if (!below.isEmpty()) {
        kept.add(prune(child, childPath, below));
      }
    }
    return group.withNewFields(kept);
  }

  /** A converter tree mirroring {@code type}, whose leaves are {@code leaves}' by dotted path. */
  private static Converter converterFor(Type type, String path, Map<String, Converter> leaves) {
    if (type.isPrimitive()) {
      return leaves.get(path);
    }
    GroupType group = type.asGroupType();
    Converter[] children = new Converter[group.getFieldCount()];
    for (int i = 0; i < children.length; i++) {
      String name = group.getFieldName(i);
      children[i] =
          converterFor(group.getType(i), path.isEmpty() ? name : path + "." + name, leaves);
    }
    return new GroupConverter() {
      @Override
      public Converter getConverter(int fieldIndex) {
        return children[fieldIndex];
      }

      @Override
      public void start() {}

      @Override
      public void end() {}
    };
  }

  @Override
  public void close() {
    try {
      file.close();
    } catch (IOException e) {
      throw new ParquetFileException("Cannot close document file " + path + ": " + e, e);
    }
  }
}
