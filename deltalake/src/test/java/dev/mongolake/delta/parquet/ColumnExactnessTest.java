package dev.mongolake.delta.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.table.ColumnProjection;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ColumnExactnessTest {
  private static final DocumentSchema SCHEMA =
      DocumentSchema.parse(
          BsonDocument.parse(
              """
              {s: "string", i: "int", l: "long", d: "double", b: "bool", t: "timestamp",
               p: {name: "string"}, tags: ["string"]}
              """));
  private static final List<String> SCALARS = List.of("s", "i", "l", "d", "b", "t", "p.name");

  private final CountingMemoryStorage storage = new CountingMemoryStorage();
  private final AtomicInteger fileIds = new AtomicInteger();

  private static BsonDocument exactDocument(int id) {
    return BsonDocument.parse(
        "{_id: "
            + id
            + ", s: 'x"
            + id
            + "', i: "
            + id
            + ", l: {$numberLong: '"
            + id
            + "'}, d: "
            + id
            + ".5, b: true, t: {$date: '2024-01-02T03:04:05.678Z'}, p: {name: 'n', other: 1}}");
  }

  @Test
  void columnsOfSameTypedValuesOrMissingFieldsAreExact() {
    String path =
        write(
            List.of(
                exactDocument(1),
                BsonDocument.parse("{_id: 2}"),
                BsonDocument.parse("{_id: 3, p: 'flat', d: NaN}"),
                BsonDocument.parse("{_id: 4, d: -0.0, p: {}}")));

    try (DocumentFileReader reader =
        DocumentFileReader.open(storage, path, DocumentReadOptions.idsOnly())) {
      assertThat(reader.exactColumns()).containsExactlyElementsOf(SCALARS);
    }
  }

  @Test
  void listColumnsAreNeverExact() {
    String path = write(List.of(BsonDocument.parse("{_id: 1, tags: ['a']}")));

    try (DocumentFileReader reader =
        DocumentFileReader.open(storage, path, DocumentReadOptions.idsOnly())) {
      assertThat(reader.exactColumns()).doesNotContain("tags").contains("s");
    }
  }

  @ParameterizedTest(name = "{0} makes {1} inexact")
  @CsvSource(
      delimiter = '|',
      value = {
        "{s: null}|s",
        "{s: 5}|s",
        "{s: ['a']}|s",
        "{i: {$numberLong: '5'}}|i",
        "{i: 5.0}|i",
        "{l: 5}|l",
        "{d: 5}|d",
        "{d: {$numberLong: '5'}}|d",
        "{d: {$numberDecimal: '5'}}|d",
        "{b: 1}|b",
        "{t: 'yesterday'}|t",
        "{t: {$date: {$numberLong: '9223372036854775807'}}}|t",
        "{p: [{name: 'a'}]}|p.name",
        "{p: {name: null}}|p.name",
        "{p: {name: ['a']}}|p.name"
      })
  void eachMisfitMakesItsColumnInexact(String fields, String column) {
    BsonDocument misfit = BsonDocument.parse(fields).append("_id", new org.bson.BsonInt32(99));
    String path = write(List.of(exactDocument(1), misfit, exactDocument(2)));

    try (DocumentFileReader reader =
        DocumentFileReader.open(storage, path, DocumentReadOptions.idsOnly())) {
      List<String> expected = new ArrayList<>(SCALARS);
      expected.remove(column);
      assertThat(reader.exactColumns()).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void loneSurrogatesAndNaNPayloadsMakeTheirColumnsInexact() {
    BsonDocument surrogate =
        new BsonDocument("_id", new org.bson.BsonInt32(98))
            .append("s", new org.bson.BsonString("a\uD800b"));
    BsonDocument payload =
        new BsonDocument("_id", new org.bson.BsonInt32(99))
            .append("d", new org.bson.BsonDouble(Double.longBitsToDouble(0x7ff8000000000001L)));
    String path = write(List.of(exactDocument(1), surrogate, payload));

    try (DocumentFileReader reader =
        DocumentFileReader.open(storage, path, DocumentReadOptions.idsOnly())) {
      assertThat(reader.exactColumns()).doesNotContain("s", "d").contains("i", "p.name");
    }
    assertThat(ColumnExactness.wellFormed("é€😀")).isTrue();
    assertThat(ColumnExactness.wellFormed("\uDC00")).isFalse();
  }

  @Test
  void filesWithoutTheFooterKeyHaveNoExactColumn() {
    assertThat(ColumnExactness.parseFooterValue(null)).isEmpty();
  }

  @Test
  void footerValueRoundTripsPathsWithCommasAndQuotes() {
    List<String> paths = List.of("a,b", "c\"d", "e.f");

    assertThat(ColumnExactness.parseFooterValue(ColumnExactness.footerValue(paths)))
        .containsExactlyElementsOf(paths);
  }

  @Test
  void exactFileReadsBackIdenticalValuesWithoutTheDocument() {
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      documents.add(exactDocument(i));
    }
    documents.add(BsonDocument.parse("{_id: 1000, p: {other: 2}, d: -0.0}"));
    documents.add(BsonDocument.parse("{_id: 1001, d: NaN, p: 'flat'}"));
    String path = write(documents);
    ColumnProjection projection = new ColumnProjection(SCALARS);

    List<BsonDocument> fromColumns = new ArrayList<>();
    try (DocumentFileReader reader =
        DocumentFileReader.open(
            storage,
            path,
            DocumentReadOptions.documents().withColumnsWhenExact(Set.copyOf(SCALARS)))) {
      for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
        assertThat(row.document()).isNull();
        fromColumns.add(projection.of(row));
      }
      assertThat(reader.readsDocument()).isFalse();
    }

    assertThat(fromColumns).isEqualTo(documents.stream().map(projection::project).toList());
    assertThat(fromColumns.get(0).toJson())
        .isEqualTo(projection.project(documents.get(0)).toJson());
    assertThat(fromColumns.get(50).getDouble("d").getValue()).isEqualTo(-0.0);
    assertThat(1 / fromColumns.get(50).getDouble("d").getValue()).isNegative();
  }

  @Test
  void inexactFileIsReadWholeThoughColumnsWereAskedFor() {
    String path =
        write(List.of(exactDocument(1), BsonDocument.parse("{_id: 2, i: {$numberLong: '2'}}")));

    try (DocumentFileReader reader =
        DocumentFileReader.open(
            storage, path, DocumentReadOptions.documents().withColumnsWhenExact(Set.of("i")))) {
      DocumentRow row = reader.next();
      assertThat(row.document()).isEqualTo(exactDocument(1));
      assertThat(reader.readsDocument()).isTrue();
    }
  }

  @Test
  void keyEncodedIdsForceTheDocumentBecauseTheIdColumnCannotBeDecoded() {
    String path =
        write(List.of(BsonDocument.parse("{_id: {k: 1}, i: 1}"), BsonDocument.parse("{_id: 2.5}")));

    try (DocumentFileReader reader =
        DocumentFileReader.open(
            storage, path, DocumentReadOptions.documents().withColumnsWhenExact(Set.of("i")))) {
      assertThat(reader.exactColumns()).contains("i");
      assertThat(reader.next().document()).isNotNull();
      assertThat(reader.readsDocument()).isTrue();
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "[1, -7, 2147483647, -2147483648, 0]",
        "[{$numberLong: '9223372036854775807'}, {$numberLong: '-9223372036854775808'},"
            + " {$numberLong: '9007199254740993'}, {$numberLong: '-3'}]",
        "['a', '', 'é€😀', {$oid: '65f0c0ffee00000000000001'}, true, false,"
            + " {$date: {$numberLong: '-5'}}, 3]"
      })
  void keyEncodedIdsOfDecodableTypesComeBackFromTheirKeys(String ids) {
    List<BsonDocument> documents = new ArrayList<>();
    for (var id : BsonDocument.parse("{ids: " + ids + "}").getArray("ids")) {
      documents.add(new BsonDocument("_id", id).append("i", new org.bson.BsonInt32(1)));
    }
    String path = write(documents, IdEncoding.KEY);

    List<BsonDocument> read = new ArrayList<>();
    try (DocumentFileReader reader =
        DocumentFileReader.open(
            storage, path, DocumentReadOptions.documents().withColumnsWhenExact(Set.of("i")))) {
      for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
        assertThat(row.document()).isNull();
        read.add(new BsonDocument("_id", row.id()).append("i", row.promoted().get("i")));
      }
    }
    assertThat(read).isEqualTo(documents);
    for (int i = 0; i < read.size(); i++) {
      assertThat(read.get(i).get("_id").getBsonType())
          .isEqualTo(documents.get(i).get("_id").getBsonType());
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "[1, {$numberLong: '2'}]",
        "[1, 2.0]",
        "[-0.0]",
        "[{$numberDecimal: '1'}]",
        "[[1]]",
        "['\uD800']"
      })
  void keyEncodedIdsThatKeysConfuseForceTheDocument(String ids) {
    List<BsonDocument> documents = new ArrayList<>();
    for (var id : BsonDocument.parse("{ids: " + ids + "}").getArray("ids")) {
      if (!id.isArray()) {
        documents.add(new BsonDocument("_id", id).append("i", new org.bson.BsonInt32(1)));
      }
    }
    if (documents.isEmpty()) {
      documents.add(BsonDocument.parse("{_id: {a: [1]}, i: 1}"));
    }
    String path = write(documents, IdEncoding.KEY);

    try (DocumentFileReader reader =
        DocumentFileReader.open(
            storage, path, DocumentReadOptions.documents().withColumnsWhenExact(Set.of("i")))) {
      assertThat(reader.next().document()).isNotNull();
      assertThat(reader.readsDocument()).isTrue();
    }
  }

  private String write(List<BsonDocument> documents) {
    return write(documents, null);
  }

  private String write(List<BsonDocument> documents, IdEncoding encoding) {
    DocumentWriteOptions options =
        DocumentWriteOptions.defaults()
            .withSchema(SCHEMA)
            .withIdEncoding(encoding)
            .withFileIds(() -> String.format("%05d", fileIds.incrementAndGet()));
    try (DocumentFileWriter writer = DocumentFileWriter.open(storage, "db/c", options)) {
      documents.forEach(writer::write);
      List<WrittenDocumentFile> files = writer.finish();
      assertThat(files).hasSize(1);
      return files.getFirst().path();
    }
  }
}
