package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compound index whose fields meet one shared array (stock.color and stock.size over stock: [{
 * color, size}, ...]) takes documents as MongoDB's does, keying each element, and answers the same
 * documents as a collection scan; fields meeting different arrays are parallel arrays (171).
 */
class CompoundMultikeyIndexWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoCollection<Document> stock;

  @BeforeEach
  void start() {
    local = LocalServer.start(data);
    stock = local.client().getDatabase("app").getCollection("stock");
  }

  @AfterEach
  void stop() {
    local.close();
  }

  @Test
  void fieldsUnderOneArrayIndexAndMatchAsACollectionScanDoes() {
    stock.createIndex(new Document("stock.color", 1).append("stock.size", 1));
    stock.insertMany(
        List.of(
            Document.parse("{_id: 1, stock: [{color: 'r', size: 'S'}, {color: 'b', size: 'M'}]}"),
            Document.parse("{_id: 2, stock: [{color: 'r', size: 'M'}]}"),
            Document.parse("{_id: 3, stock: {color: 'r', size: 'M'}}"),
            Document.parse("{_id: 4, stock: [{color: 'r', size: ['M', 'L']}, {size: 'S'}]}"),
            Document.parse("{_id: 5, stock: []}"),
            Document.parse("{_id: 6, stock: [{color: 'b'}, 3]}")));

    for (Document filter :
        List.of(
            Document.parse("{'stock.color': 'r', 'stock.size': 'M'}"),
            Document.parse("{'stock.color': 'r'}"),
            Document.parse("{'stock.color': 'b', 'stock.size': 'S'}"),
            Document.parse("{'stock.color': {$gte: 'b'}, 'stock.size': 'L'}"),
            Document.parse("{'stock': {$elemMatch: {color: 'r', size: 'M'}}}"),
            Document.parse("{'stock.color': null}"))) {
      assertThat(ids(filter, new Document("stock.color", 1).append("stock.size", 1)))
          .as("%s by the index", filter.toJson())
          .isEqualTo(ids(filter, new Document("$natural", 1)));
    }
    assertThat(ids(Document.parse("{'stock.color': 'r', 'stock.size': 'M'}"), null))
        .containsExactly(1, 2, 3, 4);
  }

  @Test
  void aUniqueIndexUnderOneArrayKeysEachElementOnItsOwn() {
    stock.createIndex(
        new Document("stock.color", 1).append("stock.size", 1), new IndexOptions().unique(true));
    stock.insertOne(
        Document.parse("{_id: 1, stock: [{color: 'r', size: 'S'}, {color: 'b', size: 'M'}]}"));
    // (r, M) is no key of the first document: each element keys its own pair.
    stock.insertOne(Document.parse("{_id: 2, stock: [{color: 'r', size: 'M'}]}"));
    assertThatThrownBy(
            () -> stock.insertOne(Document.parse("{_id: 3, stock: [{color: 'b', size: 'M'}]}")))
        .isInstanceOfSatisfying(
            MongoWriteException.class, e -> assertThat(e.getError().getCode()).isEqualTo(11000));
  }

  @Test
  void fieldsMeetingDifferentArraysAreParallelArrays() {
    stock.createIndex(new Document("a", 1).append("b", 1));
    stock.createIndex(new Document("x.p", 1).append("x.q", 1));
    assertThatThrownBy(() -> stock.insertOne(Document.parse("{_id: 1, a: [1, 2], b: [1, 2]}")))
        .isInstanceOfSatisfying(
            MongoWriteException.class,
            e -> {
              assertThat(e.getError().getCode()).isEqualTo(171);
              assertThat(e.getError().getMessage())
                  .isEqualTo("cannot index parallel arrays [b] [a]");
            });
    // One shared array, then a different array inside each element: parallel again.
    assertThatThrownBy(() -> stock.insertOne(Document.parse("{_id: 2, x: [{p: [1], q: [2]}]}")))
        .isInstanceOfSatisfying(
            MongoWriteException.class,
            e -> {
              assertThat(e.getError().getCode()).isEqualTo(171);
              assertThat(e.getError().getMessage())
                  .isEqualTo("cannot index parallel arrays [q] [p]");
            });
    assertThat(stock.countDocuments()).isZero();
  }

  private List<Object> ids(Document filter, Document hint) {
    var find = stock.find(filter).sort(new Document("_id", 1));
    if (hint != null) {
      find = find.hint(hint);
    }
    return find.map(d -> d.get("_id")).into(new ArrayList<>());
  }
}
