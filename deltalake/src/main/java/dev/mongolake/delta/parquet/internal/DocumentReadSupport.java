package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.parquet.ColumnExactness;
import dev.mongolake.delta.parquet.DocumentFileLayout;
import dev.mongolake.delta.parquet.DocumentReadOptions;
import dev.mongolake.delta.parquet.DocumentRow;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.ParquetFileException;
import dev.mongolake.delta.variant.BsonVariantCodec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;

/** Reads document files into {@link DocumentRow}s with the projection the options ask for. */
public final class DocumentReadSupport extends ReadSupport<DocumentRow> {
  private final DocumentReadOptions options;
  private final boolean idColumnWithDocument;
  private Set<String> exactColumns = Set.of();
  private boolean readsDocument;

  public DocumentReadSupport(DocumentReadOptions options) {
    this(options, true);
  }

  /**
   * @param idColumnWithDocument whether to read the {@code _id} column also when the document is
   *     read (which holds the {@code _id} too): false for a point read that found its row by the
   *     {@code _id} column already and needs no second look at it
   */
  public DocumentReadSupport(DocumentReadOptions options, boolean idColumnWithDocument) {
    this.options = options;
    this.idColumnWithDocument = idColumnWithDocument;
  }

  /** The promoted columns exact in the file (known once the reader opened it). */
  public Set<String> exactColumns() {
    return exactColumns;
  }

  /** Whether rows of the file carry the decoded document (known once the reader opened it). */
  public boolean readsDocument() {
    return readsDocument;
  }

  @Override
  public ReadContext init(InitContext context) {
    MessageType file = context.getFileSchema();
    Set<String> exact = context.getKeyValueMetadata().get(DocumentFileLayout.EXACT_COLUMNS_KEY);
    exactColumns =
        exact == null || exact.size() != 1
            ? Set.of()
            : ColumnExactness.parseFooterValue(exact.iterator().next());
    Set<String> wanted = new HashSet<>();
    for (String path : options.promotedColumns()) {
      wanted.add(path.split("\\.")[0]);
    }
    Set<String> encodings =
        context.getKeyValueMetadata().getOrDefault(DocumentFileLayout.ID_ENCODING_KEY, Set.of());
    if (encodings.size() != 1) {
      throw new ParquetFileException(
          "Cannot read document file: footer key "
              + DocumentFileLayout.ID_ENCODING_KEY
              + " is missing; not a MongoLake document file");
    }
    String encoding = encodings.iterator().next();
    Set<String> exactId = context.getKeyValueMetadata().get(DocumentFileLayout.EXACT_ID_KEY);
    boolean idReadable =
        !encoding.equals(IdEncoding.KEY.name()) || (exactId != null && exactId.size() == 1);
    readsDocument =
        options.includeDocument()
            && !(options.documentUnlessExact()
                && idReadable
                && exactColumns.containsAll(options.promotedColumns()));
    Map<String, String> readMetadata = new HashMap<>();
    readMetadata.put(DocumentFileLayout.ID_ENCODING_KEY, encoding);
    if (!readsDocument && encoding.equals(IdEncoding.KEY.name()) && exactId != null) {
      // The document is not read, so the _id comes from its key.
      readMetadata.put(DocumentFileLayout.EXACT_ID_KEY, exactId.iterator().next());
    }
    boolean allPromoted = options.filter() != FilterCompat.NOOP;
    List<Type> fields = new ArrayList<>();
    for (Type field : file.getFields()) {
      String name = field.getName();
      boolean keep =
          (name.equals(DocumentFileLayout.ID_COLUMN) && (idColumnWithDocument || !readsDocument))
              || (name.equals(DocumentFileLayout.DOCUMENT_COLUMN) && readsDocument)
              || (!name.equals(DocumentFileLayout.DOCUMENT_COLUMN)
                  && (allPromoted || wanted.contains(name)));
      if (keep) {
        fields.add(field);
      }
    }
    return new ReadContext(new MessageType(file.getName(), fields), readMetadata);
  }

  @Deprecated // the Hadoop-typed overload parquet-java still declares abstract
  @Override
  public RecordMaterializer<DocumentRow> prepareForRead(
      org.apache.hadoop.conf.Configuration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return materializer(readContext);
  }

  @Override
  public RecordMaterializer<DocumentRow> prepareForRead(
      ParquetConfiguration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return materializer(readContext);
  }

  private RecordMaterializer<DocumentRow> materializer(ReadContext context) {
    IdEncoding encoding =
        IdEncoding.valueOf(
            context.getReadSupportMetadata().get(DocumentFileLayout.ID_ENCODING_KEY));
    String exactId = context.getReadSupportMetadata().get(DocumentFileLayout.EXACT_ID_KEY);
    BsonType keyNumbers =
        exactId == null ? null : exactId.isEmpty() ? BsonType.INT32 : BsonType.valueOf(exactId);
    return new RowMaterializer(context.getRequestedSchema(), encoding, exactId != null, keyNumbers);
  }

  private static final class RowMaterializer extends RecordMaterializer<DocumentRow> {
    private final IdEncoding encoding;
    private final boolean decodeKeys;
    private final BsonType keyNumbers;
    private final Converter[] children;
    private final GroupConverter root;
    private BsonValue id;
    private byte[] metadata;
    private byte[] value;
    private BsonDocument promoted;

    RowMaterializer(
        MessageType schema, IdEncoding encoding, boolean decodeKeys, BsonType keyNumbers) {
      this.encoding = encoding;
      this.decodeKeys = decodeKeys;
      this.keyNumbers = keyNumbers;
      this.children = new Converter[schema.getFieldCount()];
      for (int i = 0; i < children.length; i++) {
        Type field = schema.getType(i);
        String name = field.getName();
        children[i] =
            switch (name) {
              case DocumentFileLayout.ID_COLUMN -> idConverter();
              case DocumentFileLayout.DOCUMENT_COLUMN -> variantConverter();
              default -> PromotedValueConverters.forType(field, v -> promoted.put(name, v));
            };
      }
      this.root =
          new GroupConverter() {
            @Override
            public Converter getConverter(int fieldIndex) {
              return children[fieldIndex];
            }

            @Override
            public void start() {
              id = null;
              metadata = null;
              value = null;
              promoted = new BsonDocument();
            }

            @Override
            public void end() {}
          };
    }

    private Converter idConverter() {
      return new IdValueConverter(encoding, decodeKeys, keyNumbers, value -> id = value);
    }

    private Converter variantConverter() {
      PrimitiveConverter metadataConverter =
          new PrimitiveConverter() {
            @Override
            public void addBinary(Binary binary) {
              metadata = binary.getBytes();
            }
          };
      PrimitiveConverter valueConverter =
          new PrimitiveConverter() {
            @Override
            public void addBinary(Binary binary) {
              value = binary.getBytes();
            }
          };
      return new GroupConverter() {
        @Override
        public Converter getConverter(int fieldIndex) {
          return fieldIndex == 0 ? metadataConverter : valueConverter;
        }

        @Override
        public void start() {}

        @Override
        public void end() {}
      };
    }

    /**
     * Decodes the row's Variant here rather than when its values arrive: under a record filter,
     * parquet-java asks only for the records the predicate kept, so the rows it drops are never
     * decoded.
     */
    @Override
    public DocumentRow getCurrentRecord() {
      BsonDocument document = metadata == null ? null : BsonVariantCodec.decode(metadata, value);
      BsonValue rowId =
          id == null && document != null ? document.get(DocumentFileLayout.ID_COLUMN) : id;
      return new DocumentRow(rowId, document, promoted);
    }

    @Override
    public GroupConverter getRootConverter() {
      return root;
    }
  }
}
