package dev.mongolake.delta.parquet;

import static org.apache.parquet.filter2.predicate.FilterApi.binaryColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class DocumentFilesTest {
  private static final DocumentSchema SCHEMA =
      DocumentSchema.parse(
          BsonDocument.parse(
              """
              {email: "string", createdAt: "timestamp", age: "int",
               profile: {name: "string"}, tags: ["string"]}
              """));

  private final CountingMemoryStorage storage = new CountingMemoryStorage();
  private final AtomicInteger fileIds = new AtomicInteger();

  @Test
  void documentsRoundTripWithATypedObjectIdColumn() {
    List<BsonDocument> documents = users(200);

    List<WrittenDocumentFile> files = write(documents, options());

    assertThat(files).hasSize(1);
    WrittenDocumentFile file = files.getFirst();
    assertThat(file.path()).isEqualTo("db/users/part-00001.zstd.parquet");
    assertThat(file.idEncoding()).isEqualTo(IdEncoding.OBJECT_ID);
    assertThat(file.sizeBytes()).isEqualTo(storage.stat(file.path()).orElseThrow().size());
    List<BsonDocument> read = DocumentFileReader.readAll(storage, file.path());
    assertThat(read).isEqualTo(documents);
    assertThat(read.get(3).toJson()).isEqualTo(documents.get(3).toJson());
    ParquetMetadata footer = ParquetFiles.footer(ParquetFiles.inputFile(storage, file.path()));
    var schema = footer.getFileMetaData().getSchema();
    assertThat(schema.getType("_id").asPrimitiveType().getPrimitiveTypeName())
        .isEqualTo(PrimitiveTypeName.BINARY);
    assertThat(schema.getType("doc").getLogicalTypeAnnotation())
        .isEqualTo(LogicalTypeAnnotation.variantType((byte) 1));
    assertThat(footer.getFileMetaData().getKeyValueMetaData())
        .containsEntry(DocumentFileLayout.ID_ENCODING_KEY, "OBJECT_ID");
  }

  @Test
  void promotedColumnsHoldFittingValuesAndStayNullOtherwise() {
    BsonDocument fits =
        BsonDocument.parse(
            """
            {_id: 1, email: "a@x.io", age: 30, createdAt: {$date: "2024-01-02T03:04:05.678Z"},
             profile: {name: "Ada", extra: true}, tags: ["a", "b"]}
            """);
    BsonDocument misfits =
        BsonDocument.parse(
            """
            {_id: 2, email: 42, age: {$numberLong: "30"}, createdAt: "yesterday",
             profile: "flat", tags: ["a", 1]}
            """);
    write(List.of(fits, misfits), options());

    List<DocumentRow> rows =
        readRows(
            "db/users/part-00001.zstd.parquet",
            DocumentReadOptions.documents()
                .withPromotedColumns(Set.of("email", "age", "createdAt", "profile.name", "tags")));

    assertThat(rows.get(0).promoted())
        .isEqualTo(
            BsonDocument.parse(
                """
                {email: "a@x.io", createdAt: {$date: "2024-01-02T03:04:05.678Z"}, age: 30,
                 profile: {name: "Ada"}, tags: ["a", "b"]}
                """));
    assertThat(rows.get(1).promoted()).isEqualTo(new BsonDocument());
    assertThat(rows.get(1).document()).isEqualTo(misfits);
    assertThat(rows.get(1).id()).isEqualTo(new BsonInt32(2));
  }

  @Test
  void statisticsComeInDeltaJsonForm() {
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      documents.add(
          new BsonDocument("_id", new BsonString("user-" + i))
              .append("email", i == 2 ? new BsonInt32(0) : new BsonString("u" + i + "@x.io"))
              .append("createdAt", new BsonDateTime(1_700_000_000_000L + i))
              .append("profile", new BsonDocument("name", new BsonString("N" + i))));
    }

    WrittenDocumentFile file = write(documents, options()).getFirst();

    assertThat(file.idEncoding()).isEqualTo(IdEncoding.STRING);
    assertThat(file.statistics().toDeltaJson())
        .isEqualTo(
            "{\"numRecords\":3,"
                + "\"minValues\":{\"_id\":\"user-1\",\"email\":\"u1@x.io\","
                + "\"createdAt\":\"2023-11-14T22:13:20.001Z\",\"profile\":{\"name\":\"N1\"}},"
                + "\"maxValues\":{\"_id\":\"user-3\",\"email\":\"u3@x.io\","
                + "\"createdAt\":\"2023-11-14T22:13:20.003Z\",\"profile\":{\"name\":\"N3\"}},"
                + "\"nullCount\":{\"_id\":0,\"email\":1,\"createdAt\":0,\"age\":3,"
                + "\"profile\":{\"name\":0}}}");
  }

  @Test
  void mixedIdTypesStartAKeyEncodedFile() {
    List<BsonDocument> documents = new ArrayList<>(users(3));
    documents.add(new BsonDocument("_id", new BsonString("text-id")));
    documents.add(new BsonDocument("_id", new BsonObjectId(new ObjectId())));

    List<WrittenDocumentFile> files = write(documents, options());

    assertThat(files)
        .extracting(WrittenDocumentFile::idEncoding)
        .containsExactly(IdEncoding.OBJECT_ID, IdEncoding.KEY);
    assertThat(files).extracting(f -> f.statistics().numRecords()).containsExactly(3L, 2L);
    List<BsonDocument> read = new ArrayList<>();
    files.forEach(f -> read.addAll(DocumentFileReader.readAll(storage, f.path())));
    assertThat(read).isEqualTo(documents);
  }

  @Test
  void aConfiguredIdEncodingRejectsAnotherIdTypeByValue() {
    try (DocumentFileWriter writer =
        DocumentFileWriter.open(storage, "t", options().withIdEncoding(IdEncoding.INT64))) {
      assertThatThrownBy(() -> writer.write(new BsonDocument("_id", new BsonString("x"))))
          .isInstanceOf(ParquetFileException.class)
          .hasMessage(
              "Cannot write document with _id BsonString{value='x'}: the files store _id as INT64");
    }
  }

  @Test
  void aDocumentWithoutIdIsRejected() {
    try (DocumentFileWriter writer = DocumentFileWriter.open(storage, "t", options())) {
      assertThatThrownBy(() -> writer.write(new BsonDocument("a", new BsonInt32(1))))
          .isInstanceOf(ParquetFileException.class)
          .hasMessage("Cannot write document: it has no _id");
    }
    assertThat(storage.list("t/", "t/")).isEmpty();
  }

  @Test
  void aRejectedDocumentLeavesTheFileWritable() {
    // {_id: 1, a: 1, a: 2}: raw BSON can repeat a key, a Variant object cannot.
    java.nio.ByteBuffer bytes =
        java.nio.ByteBuffer.allocate(28).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    bytes.putInt(28);
    bytes.put((byte) 0x10).put("_id".getBytes()).put((byte) 0).putInt(1);
    bytes.put((byte) 0x10).put((byte) 'a').put((byte) 0).putInt(1);
    bytes.put((byte) 0x10).put((byte) 'a').put((byte) 0).putInt(2);
    bytes.put((byte) 0);
    org.bson.RawBsonDocument duplicate = new org.bson.RawBsonDocument(bytes.array());
    List<WrittenDocumentFile> files;
    try (DocumentFileWriter writer = DocumentFileWriter.open(storage, "t", options())) {
      writer.write(new BsonDocument("_id", new BsonInt32(0)));
      assertThatThrownBy(() -> writer.write(duplicate))
          .isInstanceOf(dev.mongolake.delta.variant.VariantCodecException.class)
          .hasMessage("Cannot encode document: duplicate key 'a'");
      writer.write(new BsonDocument("_id", new BsonInt32(2)));
      files = writer.finish();
    }

    assertThat(DocumentFileReader.readAll(storage, files.getFirst().path()))
        .containsExactly(
            new BsonDocument("_id", new BsonInt32(0)), new BsonDocument("_id", new BsonInt32(2)));
  }

  @Test
  void theWriterRollsToANewFileAtTheTargetSize() {
    List<BsonDocument> documents = users(3_000);

    List<WrittenDocumentFile> files =
        write(
            documents,
            options()
                .withTargetFileSizeBytes(64 * 1024)
                .withParquet(ParquetWriteOptions.defaults().withRowGroupSizeBytes(32 * 1024)));

    assertThat(files).hasSizeGreaterThan(2);
    assertThat(files.stream().mapToLong(f -> f.statistics().numRecords()).sum()).isEqualTo(3_000);
    assertThat(files).allSatisfy(f -> assertThat(f.sizeBytes()).isLessThan(256 * 1024));
  }

  @Test
  void anIdFilterPrunesRowGroupsAndFindsTheDocument() {
    List<BsonDocument> documents = users(3_000);
    String path =
        write(
                documents,
                options()
                    .withParquet(ParquetWriteOptions.defaults().withRowGroupSizeBytes(64 * 1024)))
            .getFirst()
            .path();
    long fileSize = storage.stat(path).orElseThrow().size();
    assertThat(ParquetFiles.footer(ParquetFiles.inputFile(storage, path)).getBlocks())
        .hasSizeGreaterThan(5);
    String wanted = documents.get(2_345).getObjectId("_id").getValue().toHexString();
    storage.resetCounters();

    List<DocumentRow> rows =
        readRows(
            path,
            DocumentReadOptions.documents()
                .withFilter(FilterCompat.get(eq(binaryColumn("_id"), Binary.fromString(wanted)))));

    assertThat(rows).extracting(DocumentRow::document).containsExactly(documents.get(2_345));
    // The footer's tail read plus one row group's column chunks and indexes.
    assertThat(storage.bytesRead()).isLessThan(fileSize / 3);
  }

  @Test
  void readingOnlyIdsSkipsTheDocumentColumn() {
    List<BsonDocument> documents = users(2_000);
    String path = write(documents, options()).getFirst().path();
    storage.resetCounters();
    List<DocumentRow> full = readRows(path, DocumentReadOptions.documents());
    long fullBytes = storage.bytesRead();
    storage.resetCounters();

    List<DocumentRow> ids = readRows(path, DocumentReadOptions.idsOnly());

    assertThat(ids)
        .extracting(DocumentRow::id)
        .isEqualTo(full.stream().map(DocumentRow::id).toList());
    assertThat(ids).allSatisfy(row -> assertThat(row.document()).isNull());
    assertThat(storage.bytesRead()).isLessThan(fullBytes / 3);
  }

  @Test
  void everyFileHasABloomFilterOnId() throws Exception {
    String path = write(users(100), options()).getFirst().path();

    try (var reader =
        ParquetFiles.openFile(ParquetFiles.inputFile(storage, path), FilterCompat.NOOP)) {
      var block = reader.getFooter().getBlocks().getFirst();
      var bloom =
          reader.getBloomFilterDataReader(block).readBloomFilter(block.getColumns().getFirst());
      assertThat(bloom).isNotNull();
    }
  }

  @Test
  void theVariantColumnsCarryNoStatisticsWhileIdAndPromotedColumnsDo() throws Exception {
    String path = write(users(100), options()).getFirst().path();

    ParquetMetadata footer = ParquetFiles.footer(ParquetFiles.inputFile(storage, path));
    for (var column : footer.getBlocks().getFirst().getColumns()) {
      String name = column.getPath().toDotString();
      if (DocumentFileLayout.VARIANT_COLUMNS.contains(name)) {
        assertThat(column.getStatistics().hasNonNullValue()).as(name).isFalse();
      } else if (name.equals("_id") || name.equals("email")) {
        assertThat(column.getStatistics().hasNonNullValue()).as(name).isTrue();
      }
    }
  }

  static List<BsonDocument> users(int count) {
    List<BsonDocument> documents = new ArrayList<>();
    java.util.Random random = new java.util.Random(count);
    for (int i = 0; i < count; i++) {
      documents.add(
          new BsonDocument("_id", new BsonObjectId(new ObjectId(1_700_000_000 + i, i)))
              .append("email", new BsonString("user" + i + "@example.com"))
              .append("age", new BsonInt32(18 + i % 60))
              .append("createdAt", new BsonDateTime(1_700_000_000_000L + i * 1000L))
              .append("profile", new BsonDocument("name", new BsonString("User " + i)))
              .append("score", new org.bson.BsonDouble(i / 3.0))
              .append("bio", new BsonString(randomText(random, 120))));
    }
    return documents;
  }

  private static String randomText(java.util.Random random, int length) {
    StringBuilder text = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      text.append((char) ('a' + random.nextInt(26)));
    }
    return text.toString();
  }

  private DocumentWriteOptions options() {
    return DocumentWriteOptions.defaults()
        .withSchema(SCHEMA)
        .withFileIds(() -> String.format("%05d", fileIds.incrementAndGet()));
  }

  private List<WrittenDocumentFile> write(
      List<BsonDocument> documents, DocumentWriteOptions options) {
    try (DocumentFileWriter writer = DocumentFileWriter.open(storage, "db/users", options)) {
      documents.forEach(writer::write);
      return writer.finish();
    }
  }

  private List<DocumentRow> readRows(String path, DocumentReadOptions options) {
    List<DocumentRow> rows = new ArrayList<>();
    try (DocumentFileReader reader = DocumentFileReader.open(storage, path, options)) {
      for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
        rows.add(row);
      }
    }
    return rows;
  }
}
