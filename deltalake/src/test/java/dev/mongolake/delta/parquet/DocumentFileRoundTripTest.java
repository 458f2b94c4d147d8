package dev.mongolake.delta.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.variant.RandomBson;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

/** Seeded randomized round trips of generated documents through Parquet document files. */
class DocumentFileRoundTripTest {
  private static final long SEED = 0x5EED_F11E_0001L;
  private static final int CASES = 40;

  @Test
  void generatedDocumentsReadBackExactlyThroughParquetFiles() {
    Random random = new Random(SEED);
    DocumentSchema schema =
        DocumentSchema.parse(BsonDocument.parse("{a: 'string', b: 'long', é: {x: 'double'}}"));
    for (int i = 0; i < CASES; i++) {
      int index = i;
      List<BsonDocument> documents = documentList(random);
      CountingMemoryStorage storage = new CountingMemoryStorage();
      List<WrittenDocumentFile> files;
      try (DocumentFileWriter writer =
          DocumentFileWriter.open(
              storage, "t", DocumentWriteOptions.defaults().withSchema(schema))) {
        documents.forEach(writer::write);
        files = writer.finish();
      }

      List<BsonDocument> read = new ArrayList<>();
      files.forEach(file -> read.addAll(DocumentFileReader.readAll(storage, file.path())));

      assertThat(read.stream().map(RandomBson::describe).toList())
          .as(() -> failure(index, documents))
          .isEqualTo(documents.stream().map(RandomBson::describe).toList());
      assertThat(files.stream().mapToLong(f -> f.statistics().numRecords()).sum())
          .as(() -> failure(index, documents))
          .isEqualTo(documents.size());
    }
  }

  /** 1 to 20 documents, each with an {@code _id} of any scalar type first. */
  private static List<BsonDocument> documentList(Random random) {
    int size = 1 + random.nextInt(20);
    List<BsonDocument> documents = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      BsonValue id =
          random.nextBoolean()
              ? RandomBson.value(random, 0)
              : new BsonInt32(RandomBson.anyInt(random));
      documents.add(withId(id, RandomBson.document(random, 2)));
    }
    return documents;
  }

  private static BsonDocument withId(BsonValue id, BsonDocument body) {
    BsonDocument document = new BsonDocument("_id", id);
    body.forEach((key, value) -> document.putIfAbsent(key, value));
    return document;
  }

  private static String failure(int index, List<BsonDocument> documents) {
    return "seed 0x%X, case %d: %s"
        .formatted(SEED, index, documents.stream().map(RandomBson::describe).toList());
  }
}
