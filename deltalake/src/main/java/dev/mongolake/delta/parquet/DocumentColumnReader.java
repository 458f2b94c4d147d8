package dev.mongolake.delta.parquet;

import dev.mongolake.delta.parquet.internal.ColumnValueConverter;
import dev.mongolake.delta.parquet.internal.IdValueConverter;
import dev.mongolake.delta.parquet.internal.RowPositions;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.variant.BsonVariantCodec;
import dev.mongolake.delta.variant.VariantPaths;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.api.Binary;
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
 * Reads the values at some paths of a document file's rows, with their {@code _id}s, in batches,
 * without assembling records: a path that is an exact promoted column of the file ({@link
 * ColumnExactness}) comes from that column's pages; any other path is read from the document's
 * Variant bytes ({@link VariantPaths}), which decodes nothing but the value. A row where such a
 * path crosses an array comes with its whole document instead ({@link ColumnBatch#document(int)}),
 * since MongoDB's path semantics then look into the elements. What a columnar aggregation reads.
 *
 * <p>Row groups that the filter's statistics, dictionaries, bloom filters and column indexes rule
 * out are skipped, as by {@link DocumentFileReader}; the rows returned are a superset of the
 * matching ones, so the caller still applies its filter. Rows a Delta deletion vector deletes (by
 * physical row index, whichever row groups and pages are skipped) are never returned.
 *
 * <p>Single-threaded; the caller closes it. Failures are thrown as {@link ParquetFileException} (or
 * a {@code VariantCodecException} for a corrupt document).
 */
public final class DocumentColumnReader implements AutoCloseable {
  /** Rows per batch at most. */
  public static final int BATCH_ROWS = 4096;

  private static final String METADATA = DocumentFileLayout.DOCUMENT_COLUMN + ".metadata";
  private static final String VALUE = DocumentFileLayout.DOCUMENT_COLUMN + ".value";

  private final String path;
  private final ParquetFileReader file;
  private final List<String> paths;
  private final boolean readIds;
  private final LongPredicate deletedRows;
  private final long[] rowIndexes = new long[BATCH_ROWS];
  private RowPositions positions;
  private final boolean idsFromColumn;
  private final String createdBy;
  private final MessageType requested;
  private final GroupConverter root;
  // The _id column, when batches take ids from it; the Variant's columns, when paths come from it.
  private final ColumnDescriptor idColumn;
  private final ColumnDescriptor metadataColumn;
  private final ColumnDescriptor valueColumn;
  // Per path: its column in the file's requested columns, or -1 when it comes from the Variant.
  private final int[] columnOf;
  private final List<ColumnDescriptor> columns = new ArrayList<>();
  private final List<ColumnValueConverter> converters = new ArrayList<>();
  // The paths read from the Variant (then _id, when the id column does not decode), and where.
  private final VariantPaths variantPaths;
  private final int[] variantTarget;
  private final BsonValue[] extracted;
  private final byte[][] variant = new byte[2][];
  private final BsonValue[] ids = new BsonValue[BATCH_ROWS];
  private final BsonValue[][] values;
  private final BsonDocument[] documents = new BsonDocument[BATCH_ROWS];
  private final PrimitiveConverter idConverter;
  private BsonValue id;
  private boolean keepRowVariants;
  private ColumnReader idReader;
  private ColumnReader[] readers;
  private ColumnReader metadataReader;
  private ColumnReader valueReader;
  private long rowsLeftInGroup;
  private int rowGroupsRead;

  private DocumentColumnReader(
      String path,
      ParquetFileReader file,
      List<String> paths,
      boolean readIds,
      LongPredicate deletedRows) {
    this.path = path;
    this.file = file;
    this.paths = List.copyOf(paths);
    this.readIds = readIds;
    this.deletedRows = deletedRows;
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
    this.idsFromColumn = encoding != IdEncoding.KEY || exactId != null;
    BsonType keyNumbers =
        exactId == null || exactId.isEmpty() ? BsonType.INT32 : BsonType.valueOf(exactId);

    this.columnOf = new int[this.paths.size()];
    List<String> fromColumns = new ArrayList<>();
    List<String> fromVariant = new ArrayList<>();
    List<Integer> targets = new ArrayList<>();
    for (int i = 0; i < this.paths.size(); i++) {
      String wanted = this.paths.get(i);
      if (exactColumns.contains(wanted)) {
        columnOf[i] = fromColumns.size();
        fromColumns.add(wanted);
      } else {
        columnOf[i] = -1;
        fromVariant.add(wanted);
        targets.add(i);
      }
    }
    if (readIds && !idsFromColumn) {
      fromVariant.add(DocumentFileLayout.ID_COLUMN);
      targets.add(-1);
    }
    this.variantPaths = fromVariant.isEmpty() ? null : new VariantPaths(fromVariant);
    this.variantTarget = targets.stream().mapToInt(Integer::intValue).toArray();
    this.extracted = new BsonValue[fromVariant.size()];
    this.values = new BsonValue[this.paths.size()][BATCH_ROWS];

    List<Type> fields = new ArrayList<>();
    if (readIds && idsFromColumn) {
      fields.add(schema.getType(DocumentFileLayout.ID_COLUMN));
    }
    Map<String, List<String>> byTopField = new HashMap<>();
    for (String column : fromColumns) {
      byTopField.computeIfAbsent(column.split("\\.")[0], k -> new ArrayList<>()).add(column);
    }
    for (Type field : schema.getFields()) {
      List<String> wanted = byTopField.get(field.getName());
      if (wanted != null && !field.getName().equals(DocumentFileLayout.ID_COLUMN)) {
        fields.add(prune(field, field.getName(), wanted));
      }
    }
    if (variantPaths != null) {
      fields.add(schema.getType(DocumentFileLayout.DOCUMENT_COLUMN));
    }
    this.requested = new MessageType(schema.getName(), fields);
    file.setRequestedSchema(requested);
    this.idConverter = new IdValueConverter(encoding, true, keyNumbers, value -> id = value);
    Map<String, Converter> leaves = new HashMap<>();
    leaves.put(DocumentFileLayout.ID_COLUMN, idConverter);
    leaves.put(METADATA, binarySink(variant, 0));
    leaves.put(VALUE, binarySink(variant, 1));
    for (String column : fromColumns) {
      ColumnDescriptor descriptor = requested.getColumnDescription(column.split("\\."));
      ColumnValueConverter converter = new ColumnValueConverter(descriptor.getPrimitiveType());
      columns.add(descriptor);
      converters.add(converter);
      leaves.put(column, converter);
    }
    this.root = (GroupConverter) converterFor(requested, "", leaves);
    this.idColumn =
        readIds && idsFromColumn
            ? requested.getColumnDescription(new String[] {DocumentFileLayout.ID_COLUMN})
            : null;
    this.metadataColumn =
        variantPaths == null ? null : requested.getColumnDescription(METADATA.split("\\."));
    this.valueColumn =
        variantPaths == null ? null : requested.getColumnDescription(VALUE.split("\\."));
  }

  /**
   * Opens a Delta data file whose length the caller knows, taking its footer and indexes from
   * {@code cache}.
   *
   * @param paths the dotted paths to read (not {@code _id} or inside it)
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
    return open(storage, path, length, paths, ids, filter, null, cache);
  }

  /**
   * As {@link #open(Storage, String, long, List, boolean, FilterCompat.Filter, FileMetadataCache)},
   * never returning the rows at the physical indexes {@code deletedRows} tests true for (a Delta
   * deletion vector; null for none).
   */
  public static DocumentColumnReader open(
      Storage storage,
      String path,
      long length,
      List<String> paths,
      boolean ids,
      FilterCompat.Filter filter,
      LongPredicate deletedRows,
      FileMetadataCache cache) {
    ParquetFileReader file =
        ParquetFiles.openFile(ParquetFiles.inputFile(storage, path, length), filter, cache);
    try {
      return new DocumentColumnReader(path, file, paths, ids, deletedRows);
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
   * Variant values are decoded, every other row's are skipped (or, where the {@code _id} column
   * does not decode, read for their {@code _id} alone).
   *
   * @param filter row groups and pages it rules out are skipped (pass one the ids pass)
   * @throws ParquetFileException if the file cannot be read
   */
  public static List<BsonDocument> documents(
      Storage storage,
      String path,
      long length,
      Set<BsonValue> ids,
      FilterCompat.Filter filter,
      FileMetadataCache cache) {
    return documents(storage, path, length, ids, filter, null, cache);
  }

  /**
   * As {@link #documents(Storage, String, long, Set, FilterCompat.Filter, FileMetadataCache)},
   * leaving out the rows a deletion vector deletes ({@code deletedRows}; null for none).
   */
  public static List<BsonDocument> documents(
      Storage storage,
      String path,
      long length,
      Set<BsonValue> ids,
      FilterCompat.Filter filter,
      LongPredicate deletedRows,
      FileMetadataCache cache) {
    try (DocumentColumnReader reader =
        open(storage, path, length, List.of(), true, filter, deletedRows, cache)) {
      return reader.documentsOf(ids);
    }
  }

  private List<BsonDocument> documentsOf(Set<BsonValue> wanted) {
    if (!idsFromColumn) {
      // Every row's Variant is read for its _id anyway: decode only the wanted documents.
      keepRowVariants = true;
      List<BsonDocument> out = new ArrayList<>();
      for (ColumnBatch batch = next(); batch != null && out.size() < wanted.size(); ) {
        for (int row = 0; row < batch.size(); row++) {
          if (wanted.contains(batch.ids()[row])) {
            out.add(batch.document(row) != null ? batch.document(row) : decodeRow(row));
          }
        }
        batch = out.size() < wanted.size() ? next() : null;
      }
      return out;
    }
    MessageType schema = file.getFooter().getFileMetaData().getSchema();
    MessageType idAndDocument =
        new MessageType(
            schema.getName(),
            schema.getType(DocumentFileLayout.ID_COLUMN),
            schema.getType(DocumentFileLayout.DOCUMENT_COLUMN));
    file.setRequestedSchema(idAndDocument);
    Map<String, Converter> leaves = new HashMap<>();
    leaves.put(DocumentFileLayout.ID_COLUMN, idConverter);
    leaves.put(METADATA, binarySink(variant, 0));
    leaves.put(VALUE, binarySink(variant, 1));
    GroupConverter tree = (GroupConverter) converterFor(idAndDocument, "", leaves);
    ColumnDescriptor ids = idAndDocument.getColumnDescription(new String[] {"_id"});
    ColumnDescriptor metadata = idAndDocument.getColumnDescription(METADATA.split("\\."));
    ColumnDescriptor documentValue = idAndDocument.getColumnDescription(VALUE.split("\\."));
    List<BsonDocument> out = new ArrayList<>();
    try {
      for (PageReadStore pages = file.readNextFilteredRowGroup();
          pages != null && out.size() < wanted.size();
          pages = file.readNextFilteredRowGroup()) {
        rowGroupsRead++;
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, tree, idAndDocument, createdBy);
        ColumnReader idValues = store.getColumnReader(ids);
        ColumnReader metadataValues = store.getColumnReader(metadata);
        ColumnReader valueValues = store.getColumnReader(documentValue);
        RowPositions rows = RowPositions.of(pages, path, deletedRows != null);
        for (long row = 0; row < pages.getRowCount(); row++) {
          idValues.writeCurrentValueToConverter();
          idValues.consume();
          long rowIndex = rows.next();
          if (wanted.contains(id) && (deletedRows == null || !deletedRows.test(rowIndex))) {
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
      throw failure(e);
    }
    return out;
  }

  // The documents of the rows of the last batch, kept for documentsOf: their Variant bytes.
  private final List<byte[][]> rowVariants = new ArrayList<>();

  private BsonDocument decodeRow(int row) {
    byte[][] bytes = rowVariants.get(row);
    return BsonVariantCodec.decode(bytes[0], bytes[1]);
  }

  /**
   * Whether this file's rows come from its columns alone: every path is an exact column and the
   * {@code _id}s decode from theirs, so no document's bytes are read.
   */
  public boolean fromColumnsAlone() {
    return variantPaths == null;
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
   * @throws ParquetFileException if the file cannot be read
   */
  public ColumnBatch next() {
    while (true) {
      ColumnBatch batch = nextRows();
      if (batch == null || deletedRows == null) {
        return batch;
      }
      ColumnBatch kept = withoutDeletedRows(batch);
      if (kept.size() > 0) {
        return kept;
      }
    }
  }

  /**
   * The batch without the rows the deletion vector deletes, moved down in place in the batch's
   * arrays (which the reader owns and reuses).
   */
  private ColumnBatch withoutDeletedRows(ColumnBatch batch) {
    int kept = 0;
    for (int row = 0; row < batch.size(); row++) {
      if (deletedRows.test(rowIndexes[row])) {
        continue;
      }
      if (kept != row) {
        if (batch.ids() != null) {
          batch.ids()[kept] = batch.ids()[row];
        }
        for (BsonValue[] column : batch.values()) {
          column[kept] = column[row];
        }
        if (batch.documents() != null) {
          batch.documents()[kept] = batch.documents()[row];
        }
        if (keepRowVariants) {
          rowVariants.set(kept, rowVariants.get(row));
        }
      }
      kept++;
    }
    if (keepRowVariants) {
      rowVariants.subList(kept, rowVariants.size()).clear();
    }
    return kept == batch.size()
        ? batch
        : new ColumnBatch(kept, batch.paths(), batch.ids(), batch.values(), batch.documents());
  }

  private ColumnBatch nextRows() {
    try {
      while (rowsLeftInGroup == 0) {
        PageReadStore pages = file.readNextFilteredRowGroup();
        if (pages == null) {
          return null;
        }
        rowGroupsRead++;
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, root, requested, createdBy);
        idReader = idColumn == null ? null : store.getColumnReader(idColumn);
        readers = new ColumnReader[columns.size()];
        for (int i = 0; i < readers.length; i++) {
          readers[i] = store.getColumnReader(columns.get(i));
        }
        if (variantPaths != null) {
          metadataReader = store.getColumnReader(metadataColumn);
          valueReader = store.getColumnReader(valueColumn);
        }
        rowsLeftInGroup = pages.getRowCount();
        positions = RowPositions.of(pages, path, deletedRows != null);
      }
    } catch (IOException | RuntimeException e) {
      throw failure(e);
    }
    int size = (int) Math.min(BATCH_ROWS, rowsLeftInGroup);
    for (int row = 0; deletedRows != null && row < size; row++) {
      rowIndexes[row] = positions.next();
    }
    for (int row = 0; idReader != null && row < size; row++) {
      idReader.writeCurrentValueToConverter();
      idReader.consume();
      ids[row] = id;
    }
    for (int p = 0; p < columnOf.length; p++) {
      if (columnOf[p] >= 0) {
        readColumn(
            readers[columnOf[p]],
            columns.get(columnOf[p]),
            converters.get(columnOf[p]),
            values[p],
            size);
      }
    }
    boolean anyDocument = false;
    rowVariants.clear();
    for (int row = 0; variantPaths != null && row < size; row++) {
      metadataReader.writeCurrentValueToConverter();
      valueReader.writeCurrentValueToConverter();
      metadataReader.consume();
      valueReader.consume();
      if (keepRowVariants) {
        rowVariants.add(new byte[][] {variant[0], variant[1]});
      }
      documents[row] = null;
      if (variantPaths.extract(variant[0], variant[1], extracted)) {
        for (int v = 0; v < extracted.length; v++) {
          if (variantTarget[v] >= 0) {
            values[variantTarget[v]][row] = extracted[v];
          } else {
            ids[row] = extracted[v];
          }
        }
      } else {
        BsonDocument document = BsonVariantCodec.decode(variant[0], variant[1]);
        documents[row] = document;
        anyDocument = true;
        if (readIds && !idsFromColumn) {
          ids[row] = document.get(DocumentFileLayout.ID_COLUMN);
        }
      }
    }
    rowsLeftInGroup -= size;
    return new ColumnBatch(
        size, paths, readIds ? ids : null, values, anyDocument ? documents : null);
  }

  private static void readColumn(
      ColumnReader reader,
      ColumnDescriptor column,
      ColumnValueConverter converter,
      BsonValue[] into,
      int size) {
    int present = column.getMaxDefinitionLevel();
    for (int row = 0; row < size; row++) {
      if (reader.getCurrentDefinitionLevel() == present) {
        reader.writeCurrentValueToConverter();
        into[row] = converter.value();
      } else {
        into[row] = null;
      }
      reader.consume();
    }
  }

  private ParquetFileException failure(Exception e) {
    return e instanceof ParquetFileException p
        ? p
        : new ParquetFileException("Cannot read document file " + path + ": " + e, e);
  }

  private static PrimitiveConverter binarySink(byte[][] into, int index) {
    return new PrimitiveConverter() {
      @Override
      public void addBinary(Binary binary) {
        into[index] = binary.getBytes();
      }
    };
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
