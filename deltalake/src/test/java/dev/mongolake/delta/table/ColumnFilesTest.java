package dev.mongolake.delta.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.parquet.ColumnType;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.PromotedColumn;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.query.RandomDocuments;
import dev.mongolake.delta.storage.MemoryStorage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

/**
 * {@link DocumentSnapshot#columnFiles} reads exact files as column batches whose values are the
 * documents' own, and hands the documents of the other files over whole; together they cover every
 * document a filter can match.
 */
class ColumnFilesTest {
  private static final ColumnType[] TYPES = ColumnType.values();
  private static final List<String> COLUMNS = List.of("a", "p.q");
  // The promoted columns, and a path only the documents hold.
  private static final List<String> WITH_VARIANT_PATH = List.of("a", "p.q", "p.r");

  @Test
  void batchesHoldTheDocumentsValuesAndFilesTogetherCoverEveryMatch() {
    RandomDocuments random = new RandomDocuments(20261202L);
    long rowsFromColumns = 0;
    long rowsFromVariant = 0;
    long documentsWhole = 0;
    for (int table = 0; table < 18; table++) {
      DocumentSchema schema =
          new DocumentSchema(
              List.of(
                  new PromotedColumn("a", TYPES[table % TYPES.length], false),
                  new PromotedColumn("p.q", TYPES[(table / 2 + 3) % TYPES.length], false)));
      DocumentSnapshot snapshot = MixedExactnessTables.create(random, schema);
      Map<BsonValue, BsonDocument> all = new HashMap<>();
      try (DocumentSnapshot.DocumentScan scan = snapshot.scan()) {
        scan.forEachRemaining(document -> all.put(document.get("_id"), document));
      }
      for (int trial = 0; trial < 10; trial++) {
        BsonDocument filterDocument = trial == 0 ? null : random.filter();
        Filter filter = filterDocument == null ? null : Filter.parse(filterDocument);
        List<BsonValue> seen = new ArrayList<>();
        List<String> paths = trial % 2 == 0 ? COLUMNS : WITH_VARIANT_PATH;
        for (ColumnFile file : snapshot.columnFiles(filter, paths)) {
          long[] wholeRows = {0};
          ColumnFile.Read read =
              file.read(
                  batch -> {
                    for (int row = 0; row < batch.size(); row++) {
                      BsonValue id = batch.ids()[row];
                      BsonDocument document = all.get(id);
                      assertThat(document).as("row %s of %s", id, file.path()).isNotNull();
                      if (batch.document(row) != null) {
                        assertThat(batch.document(row)).isEqualTo(document);
                        assertThat(paths.stream().anyMatch(c -> crossesArray(document, c)))
                            .as("%s comes whole", document)
                            .isTrue();
                        wholeRows[0]++;
                      } else {
                        for (int c = 0; c < paths.size(); c++) {
                          assertThat(batch.value(c, row))
                              .as("%s of %s", paths.get(c), document)
                              .isEqualTo(valueAt(document, paths.get(c)));
                        }
                      }
                      seen.add(id);
                    }
                  },
                  true);
          rowsFromColumns += read.fromColumns() ? read.rows() : 0;
          rowsFromVariant += read.fromColumns() ? 0 : read.rows() - wholeRows[0];
          documentsWhole += wholeRows[0];
        }
        List<BsonValue> matching =
            all.values().stream()
                .filter(document -> filter == null || filter.matches(document))
                .map(document -> document.get("_id"))
                .toList();
        assertThat(seen).as("filter %s", filterDocument).containsAll(matching);
        assertThat(seen).doesNotHaveDuplicates();
        if (filter == null) {
          assertThat(seen).hasSameSizeAs(all.keySet());
        }
      }
    }
    // Means something only if every way of reading a row was taken.
    assertThat(rowsFromColumns).isPositive();
    assertThat(rowsFromVariant).isPositive();
    assertThat(documentsWhole).isPositive();
  }

  @Test
  void
      rowGroupsLargerThanABatchComeInSeveralBatchesWithSharedDictionaryStringsAndDocumentsComeById() {
    DocumentSchema schema =
        new DocumentSchema(
            List.of(
                new PromotedColumn("a", ColumnType.STRING, false),
                new PromotedColumn("p.q", ColumnType.INT, false)));
    DocumentTable table =
        DocumentTable.create(
            new MemoryStorage(),
            "t",
            DocumentTableConfig.defaults().withSchema(schema),
            Clock.systemUTC());
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      BsonDocument document = new BsonDocument("_id", new BsonInt32(i));
      if (i % 7 != 0) {
        document.append("a", new BsonString("value-" + (i % 3)));
      }
      document.append("p", new BsonDocument("q", new BsonInt32(i)));
      documents.add(document);
    }
    table.commit(new TableChanges(documents, List.of(), List.of()), null, 0);
    List<ColumnFile> files = table.snapshot().columnFiles(null, WITH_VARIANT_PATH);
    List<Integer> sizes = new ArrayList<>();
    Map<String, BsonValue> firstInstance = new HashMap<>();
    int[] shared = {0};
    for (ColumnFile file : files) {
      file.read(
          batch -> {
            sizes.add(batch.size());
            for (int row = 0; row < batch.size(); row++) {
              int id = batch.ids()[row].asInt32().getValue();
              BsonValue a = batch.value(0, row);
              assertThat(a).isEqualTo(id % 7 == 0 ? null : new BsonString("value-" + (id % 3)));
              assertThat(batch.value(1, row)).isEqualTo(new BsonInt32(id));
              if (a != null && firstInstance.putIfAbsent(a.asString().getValue(), a) != null) {
                shared[0] += firstInstance.get(a.asString().getValue()) == a ? 1 : 0;
              }
              assertThat(batch.value(2, row)).isNull();
              assertThat(batch.document(row)).isNull();
            }
          },
          true);
    }
    assertThat(files).hasSize(1);
    assertThat(
            files
                .getFirst()
                .documents(
                    java.util.Set.of(new BsonInt32(9_999), new BsonInt32(7), new BsonInt32(4_100))))
        .containsExactly(documents.get(7), documents.get(4_100), documents.get(9_999));
    assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(10_000);
    int[] withoutIds = {0};
    files
        .getFirst()
        .read(
            batch -> {
              assertThat(batch.ids()).isNull();
              for (int row = 0; row < batch.size(); row++) {
                assertThat(batch.value(1, row)).isEqualTo(new BsonInt32(withoutIds[0]++));
              }
            },
            false);
    assertThat(withoutIds[0]).isEqualTo(10_000);
    assertThat(sizes.size()).isGreaterThan(1);
    assertThat(shared[0]).isPositive();
  }

  @Test
  void idsThatTheirColumnCannotGiveBackComeFromTheDocumentsAndFindTheirDocuments() {
    DocumentTable table =
        DocumentTable.create(
            new MemoryStorage(),
            "t",
            DocumentTableConfig.defaults()
                .withSchema(
                    new DocumentSchema(List.of(new PromotedColumn("a", ColumnType.INT, false)))),
            Clock.systemUTC());
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      // Documents as _id: their sortable key does not decode back.
      documents.add(
          new BsonDocument("_id", new BsonDocument("k", new BsonInt32(i)))
              .append("a", new BsonInt32(i)));
    }
    table.commit(new TableChanges(documents, List.of(), List.of()), null, 0);
    ColumnFile file = table.snapshot().columnFiles(null, List.of("a")).getFirst();
    List<BsonValue> ids = new ArrayList<>();

    ColumnFile.Read read =
        file.read(
            batch -> {
              for (int row = 0; row < batch.size(); row++) {
                ids.add(batch.ids()[row]);
                assertThat(batch.value(0, row)).isEqualTo(batch.ids()[row].asDocument().get("k"));
              }
            },
            true);

    assertThat(read.fromColumns()).isFalse();
    assertThat(ids).containsExactlyElementsOf(documents.stream().map(d -> d.get("_id")).toList());
    assertThat(
            file.documents(
                java.util.Set.of(documents.get(3).get("_id"), documents.get(40).get("_id"))))
        .containsExactly(documents.get(3), documents.get(40));
  }

  private static boolean crossesArray(BsonDocument document, String path) {
    BsonValue current = document;
    String[] segments = path.split("\\.");
    for (int i = 0; i < segments.length; i++) {
      if (current instanceof org.bson.BsonArray) {
        return true;
      }
      if (!(current instanceof BsonDocument parent) || !parent.containsKey(segments[i])) {
        return false;
      }
      current = parent.get(segments[i]);
    }
    return false;
  }

  private static BsonValue valueAt(BsonDocument document, String path) {
    BsonValue current = document;
    for (String segment : path.split("\\.")) {
      if (!(current instanceof BsonDocument parent) || !parent.containsKey(segment)) {
        return null;
      }
      current = parent.get(segment);
    }
    return current;
  }
}
