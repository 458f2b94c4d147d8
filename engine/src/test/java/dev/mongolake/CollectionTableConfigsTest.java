package dev.mongolake;

import static com.mongodb.client.model.Filters.gte;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CollectionTableConfigsTest {

  @TempDir Path root;

  @Test
  void aCollectionsConfiguredPromotedColumnsAreWrittenAndItsIdStaysAnyType() {
    DocumentTableConfig promoted =
        DocumentTableConfig.defaults()
            .withIdEncoding(IdEncoding.INT32)
            .withSchema(DocumentSchema.parse(BsonDocument.parse("{email: 'string', age: 'int'}")));
    MongoLakeOptions options =
        MongoLakeOptions.defaults()
            .withPath(root)
            .withTableConfigs(CollectionTableConfigs.plain().with("app.users", promoted));
    try (MongoLake lake = MongoLake.open(options)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      users.insertMany(
          List.of(
              new Document("_id", new ObjectId()).append("email", "a@x.io").append("age", 31),
              new Document("_id", "bob").append("email", "b@x.io").append("age", "unknown"),
              new Document("_id", 3).append("email", "c@x.io").append("age", 45)));
      lake.db("app").collection("logs").insertOne(new Document("line", "plain"));
      lake.flush();

      assertThat(users.find(gte("age", 40)).into(new ArrayList<>()))
          .extracting(d -> d.get("_id"))
          .containsExactly(3);
    }

    try (FileSystemStorage storage = new FileSystemStorage(root)) {
      DocumentTableConfig users =
          DocumentTable.open(storage, "app/users", Clock.systemUTC()).orElseThrow().config();
      DocumentTableConfig logs =
          DocumentTable.open(storage, "app/logs", Clock.systemUTC()).orElseThrow().config();
      assertThat(users.idEncoding()).isEqualTo(IdEncoding.KEY);
      assertThat(users.schema()).isEqualTo(promoted.schema());
      assertThat(logs.schema()).isEqualTo(DocumentSchema.empty());
    }
  }
}
