package dev.mongolake.delta.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.variant.BsonArbitraries;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

class DocumentFileRoundTripProperties {
  private static final JsonWriterSettings EXTENDED =
      JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();

  @Property(tries = 40)
  void documentsReadBackExactlyThroughParquetFiles(
      @ForAll("documentLists") List<BsonDocument> documents) {
    CountingMemoryStorage storage = new CountingMemoryStorage();
    DocumentSchema schema =
        DocumentSchema.parse(BsonDocument.parse("{a: 'string', b: 'long', é: {x: 'double'}}"));
    List<WrittenDocumentFile> files;
    try (DocumentFileWriter writer =
        DocumentFileWriter.open(storage, "t", DocumentWriteOptions.defaults().withSchema(schema))) {
      documents.forEach(writer::write);
      files = writer.finish();
    }

    List<BsonDocument> read = new ArrayList<>();
    files.forEach(file -> read.addAll(DocumentFileReader.readAll(storage, file.path())));

    assertThat(read.stream().map(d -> d.toJson(EXTENDED)).toList())
        .isEqualTo(documents.stream().map(d -> d.toJson(EXTENDED)).toList());
    assertThat(files.stream().mapToLong(f -> f.statistics().numRecords()).sum())
        .isEqualTo(documents.size());
  }

  @Provide
  Arbitrary<List<BsonDocument>> documentLists() {
    Arbitrary<BsonValue> ids =
        Arbitraries.oneOf(BsonArbitraries.values(0), Arbitraries.integers().map(BsonInt32::new));
    return net.jqwik.api.Combinators.combine(ids, BsonArbitraries.documents(2))
        .as((id, body) -> withId(id, body))
        .list()
        .ofMinSize(1)
        .ofMaxSize(20);
  }

  private static BsonDocument withId(BsonValue id, BsonDocument body) {
    BsonDocument document = new BsonDocument("_id", id);
    body.forEach((key, value) -> document.putIfAbsent(key, value));
    return document;
  }
}
