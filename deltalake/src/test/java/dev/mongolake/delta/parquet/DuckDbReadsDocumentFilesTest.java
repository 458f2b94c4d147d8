package dev.mongolake.delta.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.storage.FileSystemStorage;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DuckDB, an independent Parquet and Variant reader, reads the document files we write. */
class DuckDbReadsDocumentFilesTest {
  private static final int COUNT = 1_000;

  @TempDir static Path root;
  private static String file;

  @BeforeAll
  static void writeFile() {
    DocumentSchema schema =
        DocumentSchema.parse(
            BsonDocument.parse(
                "{email: 'string', age: 'int', createdAt: 'timestamp', profile: {name: 'string'},"
                    + " tags: ['string']}"));
    try (FileSystemStorage storage = new FileSystemStorage(root);
        DocumentFileWriter writer =
            DocumentFileWriter.open(
                storage,
                "db/users",
                DocumentWriteOptions.defaults().withSchema(schema).withFileIds(() -> "00001"))) {
      for (int i = 0; i < COUNT; i++) {
        writer.write(
            new BsonDocument("_id", new BsonObjectId(new ObjectId(1_700_000_000 + i, i)))
                .append("email", new BsonString("user" + i + "@example.com"))
                .append("age", i == 7 ? new BsonString("unknown") : new BsonInt32(i % 50))
                .append("visits", new BsonInt64(i * 10L))
                .append("createdAt", new BsonDateTime(1_700_000_000_000L + i))
                .append("profile", new BsonDocument("name", new BsonString("Name " + i)))
                .append("tags", new BsonArray(List.of(new BsonString("t" + i % 3)))));
      }
      file = root.resolve(writer.finish().getFirst().path()).toString();
    }
  }

  @Test
  void duckDbCountsRowsAndSumsPromotedColumns() throws SQLException {
    List<List<Object>> rows =
        query(
            "SELECT count(*), sum(age), count(age), min(email), max(createdAt)::VARCHAR,"
                + " count(*) FILTER (WHERE list_contains(tags, 't1'))"
                + " FROM read_parquet('%s')".formatted(file));

    long expectedSum = 0;
    for (int i = 0; i < COUNT; i++) {
      expectedSum += i == 7 ? 0 : i % 50;
    }
    assertThat(rows.getFirst())
        .containsExactly(
            (long) COUNT,
            java.math.BigInteger.valueOf(expectedSum),
            (long) COUNT - 1,
            "user0@example.com",
            "2023-11-14 22:13:20.999+00",
            333L);
  }

  @Test
  void duckDbReadsFieldsInsideTheVariantColumn() throws SQLException {
    List<List<Object>> rows =
        query(
            ("SELECT doc.email::VARCHAR, doc.visits::BIGINT, variant_extract(doc, 'age')::VARCHAR,"
                    + " doc.profile.name::VARCHAR, doc._id.\"$oid\"::VARCHAR, _id"
                    + " FROM read_parquet('%s') WHERE doc.visits::BIGINT = 70")
                .formatted(file));

    assertThat(rows)
        .containsExactly(
            List.of(
                "user7@example.com",
                70L,
                "unknown",
                "Name 7",
                new ObjectId(1_700_000_007, 7).toHexString(),
                new ObjectId(1_700_000_007, 7).toHexString()));
  }

  @Test
  void duckDbDecodesWholeDocumentsIncludingWrappers() throws SQLException {
    List<List<Object>> rows =
        query(
            "SELECT doc::JSON::VARCHAR FROM read_parquet('%s') WHERE doc.visits::BIGINT = 70"
                .formatted(file));

    String json = (String) rows.getFirst().getFirst();
    assertThat(json)
        .contains("\"$oid\":\"" + new ObjectId(1_700_000_007, 7).toHexString() + "\"")
        .contains("\"profile\":{\"name\":\"Name 7\"}")
        .contains("\"tags\":[\"t1\"]")
        .contains("\"age\":\"unknown\"");
  }

  @Test
  void duckDbSeesTheVariantColumnAsVariant() throws SQLException {
    List<List<Object>> rows =
        query(
            "SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('%s'))"
                .formatted(file));

    assertThat(rows).contains(List.of("doc", "VARIANT"), List.of("_id", "VARCHAR"));
  }

  private static List<List<Object>> query(String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      List<List<Object>> rows = new ArrayList<>();
      int columns = result.getMetaData().getColumnCount();
      while (result.next()) {
        List<Object> row = new ArrayList<>();
        for (int i = 1; i <= columns; i++) {
          row.add(result.getObject(i));
        }
        rows.add(row);
      }
      return rows;
    }
  }
}
