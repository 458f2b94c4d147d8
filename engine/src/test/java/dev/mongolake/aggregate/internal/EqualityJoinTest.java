package dev.mongolake.aggregate.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batched {@code $lookup} join finds, for every input document, exactly the foreign documents
 * (in the same order) that one foreign query with that document's equality finds: over mixed
 * numeric types, arrays on either side, paths through arrays of documents, null and missing values,
 * regular expressions and documents as values, across several batches.
 */
class EqualityJoinTest {

  private static final String[] VALUES = {
    "1",
    "NumberLong(1)",
    "1.0",
    "NumberDecimal('1.00')",
    "2",
    "-0.0",
    "0",
    "'a'",
    "'b'",
    "null",
    "[1, 2]",
    "[]",
    "[[1]]",
    "{x: 1}",
    "{x: 1.0}",
    "true",
    "ISODate('2024-01-01T00:00:00Z')",
    "NumberDecimal('NaN')",
    "NaN"
  };

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<BsonDocument> foreign;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    foreign = lake.db("app").collection("foreign", BsonDocument.class);
    Random random = new Random(5);
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      BsonDocument document = BsonDocument.parse("{_id: " + i + "}");
      switch (random.nextInt(4)) {
        case 0 -> document.put("f", value(VALUES[random.nextInt(VALUES.length)]));
        case 1 ->
            document.put(
                "f", BsonDocument.parse("{g: " + VALUES[random.nextInt(VALUES.length)] + "}"));
        case 2 ->
            document.put(
                "f",
                value(
                    "["
                        + VALUES[random.nextInt(VALUES.length)]
                        + ", "
                        + VALUES[random.nextInt(VALUES.length)]
                        + "]"));
        default -> {
          // f missing
        }
      }
      documents.add(document);
    }
    foreign.insertMany(documents.subList(0, 200));
    lake.flush();
    foreign.insertMany(documents.subList(200, 300));
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private static BsonValue value(String json) {
    return BsonDocument.parse("{v: " + json + "}").get("v");
  }

  private List<BsonDocument> oneQuery(BsonDocument local, String localField, String foreignField) {
    List<BsonValue> values = DocumentPaths.valuesAt(local, localField);
    if (values.isEmpty()) {
      values = List.of(BsonNull.VALUE);
    }
    List<BsonDocument> out = new ArrayList<>();
    try (MongoLakeCursor<BsonDocument> cursor =
        foreign.find(ForeignCollections.equalToAny(foreignField, values)).iterator()) {
      cursor.forEachRemaining(out::add);
    }
    return out;
  }

  @Test
  void batchesJoinExactlyWhatOneQueryPerDocumentJoins() {
    Random random = new Random(9);
    List<BsonDocument> input = new ArrayList<>();
    for (int i = 0; i < EqualityJoin.HASH_JOIN_MIN_INPUT + 400; i++) {
      BsonDocument local = BsonDocument.parse("{i: " + i + "}");
      if (random.nextInt(10) > 0) {
        local.put("l", value(VALUES[random.nextInt(VALUES.length)]));
      }
      if (random.nextInt(20) == 0) {
        local.put("l", value("/^a/"));
      }
      input.add(local);
    }
    // A memory limit the foreign collection fits in (a hash join), and one it does not (batches);
    // and fewer inputs than a hash join needs.
    for (MemoryLimit memory : List.of(MemoryLimit.DEFAULT, new MemoryLimit(1_000, true))) {
      for (List<BsonDocument> documents : List.of(input, input.subList(0, 50))) {
        for (String foreignField : List.of("f", "f.g")) {
          Iterable<Map.Entry<BsonDocument, List<BsonDocument>>> joined =
              () ->
                  new EqualityJoin(foreign, "l", foreignField, memory, BsonComparisonOrder.INSTANCE)
                      .join(documents.iterator());
          int seen = 0;
          for (Map.Entry<BsonDocument, List<BsonDocument>> entry : joined) {
            // MongoDB does not order a $lookup's array: a hash join gives the natural order.
            assertThat(entry.getValue())
                .as("%s joined on %s", entry.getKey().toJson(), foreignField)
                .containsExactlyInAnyOrderElementsOf(oneQuery(entry.getKey(), "l", foreignField));
            assertThat(entry.getKey()).isSameAs(documents.get(seen));
            seen++;
          }
          assertThat(seen).isEqualTo(documents.size());
        }
      }
    }
  }
}
