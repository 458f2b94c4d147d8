package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Partition columns through the Java driver: {@code create} with {@code mongolake:
 * {partitionColumns}} writes Hive-style partition folders and {@code listCollections} shows the
 * option; malformed partition columns are refused with MongoDB's codes, and {@code collMod} cannot
 * repartition.
 */
class PartitionColumnsWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase shop;

  @BeforeEach
  void start() {
    local = LocalServer.start(data);
    shop = local.client().getDatabase("shop");
  }

  @AfterEach
  void stop() {
    local.close();
  }

  @Test
  void createWithPartitionColumnsWritesPartitionFoldersAndListCollectionsShowsThem() {
    shop.runCommand(
        Document.parse("{create: 'events', mongolake: {partitionColumns: {region: 'string'}}}"));
    MongoCollection<Document> events = shop.getCollection("events");
    events.insertMany(
        IntStream.range(0, 30)
            .mapToObj(i -> new Document("_id", i).append("region", i % 2 == 0 ? "eu" : "us"))
            .toList());
    events.insertOne(new Document("_id", 100).append("region", 5));
    local.server().lake().flush();

    assertThat(Files.isDirectory(data.resolve("shop/events/region=eu"))).isTrue();
    assertThat(Files.isDirectory(data.resolve("shop/events/region=__HIVE_DEFAULT_PARTITION__")))
        .isTrue();
    assertThat(events.countDocuments(Filters.eq("region", "eu"))).isEqualTo(15);
    assertThat(events.find(Filters.eq("region", 5)).first()).containsEntry("_id", 100);
    List<Document> listed =
        shop.listCollections().filter(Filters.eq("name", "events")).into(new ArrayList<>());
    assertThat(listed.getFirst().get("options", Document.class).get("mongolake", Document.class))
        .isEqualTo(Document.parse("{partitionColumns: {region: 'string'}}"));
  }

  @Test
  void malformedPartitionColumnsAndRepartitioningAreRefusedWithMongoDbCodes() {
    assertRefused(
        "{create: 'c', mongolake: {partitionColumns: {price: 'double'}}}",
        72,
        "InvalidOptions",
        "Cannot partition by column 'price': its type double is not a partition type");
    assertRefused(
        "{create: 'c', mongolake: {partitionColumns: {a: {b: 'int'}}}}",
        72,
        "InvalidOptions",
        "a partition column must be a top-level field");
    assertRefused(
        "{create: 'c', mongolake: {partitionColumns: true}}",
        14,
        "TypeMismatch",
        "'create.mongolake.partitionColumns' is the wrong type, expected type 'object'");
    shop.runCommand(
        Document.parse("{create: 'c', mongolake: {partitionColumns: {region: 'string'}}}"));
    assertRefused(
        "{collMod: 'c', mongolake: {partitionColumns: {day: 'date'}}}",
        72,
        "InvalidOptions",
        "MongoLake option 'partitionColumns' is set only when the collection is created");
  }

  private void assertRefused(String command, int code, String codeName, String message) {
    assertThatThrownBy(() -> shop.runCommand(Document.parse(command)))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(code);
              assertThat(e.getErrorCodeName()).isEqualTo(codeName);
            })
        .hasMessageContaining(message);
  }
}
