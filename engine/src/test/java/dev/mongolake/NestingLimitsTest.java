package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.FindOneAndReplaceOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import dev.mongolake.bson.BsonNesting;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded API stores documents of at most MongoDB's 100 levels and parses nothing nested past
 * MongoDB's limits: every write path, every specification, with MongoDB's codes.
 */
class NestingLimitsTest {

  // MongoDB's messages: src/mongo/db/ops/insert.cpp and src/mongo/db/update/storage_validation.cpp.
  private static final String TOO_DEEP_TO_INSERT =
      "cannot insert document because it exceeds 100 levels of nesting";
  private static final String TOO_DEEP_TO_UPDATE = "Document exceeds maximum nesting depth of 100";

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<BsonDocument> docs;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    docs = lake.db("app").collection("docs", BsonDocument.class);
  }

  @AfterEach
  void close() {
    lake.close();
  }

  @Test
  void aDocumentOfAHundredLevelsIsStored() {
    BsonDocument document = withId(1, levels(BsonNesting.MAX_STORED_DEPTH));

    docs.insertOne(document);

    assertThat(docs.find(new BsonDocument("_id", new BsonInt32(1))).first()).isEqualTo(document);
  }

  @Test
  void aDocumentOfAHundredAndOneLevelsIsRefusedWithOverflow() {
    BsonDocument document = withId(1, levels(BsonNesting.MAX_STORED_DEPTH + 1));

    assertOverflow(() -> docs.insertOne(document), TOO_DEEP_TO_INSERT);
    assertThat(docs.countDocuments()).isZero();
  }

  @Test
  void emptyContainersAtTheHundredAndFirstLevelDoNotCount() {
    BsonDocument innermost = levels(BsonNesting.MAX_STORED_DEPTH);
    BsonDocument last = innermost;
    while (last.isDocument("a")) {
      last = last.getDocument("a");
    }
    last.append("empty", new BsonDocument()).append("none", new BsonArray());

    docs.insertOne(withId(1, innermost));

    assertThat(docs.countDocuments()).isOne();
  }

  @Test
  void aHundredThousandLevelsAreRefusedWithoutOverflowingTheStack() {
    BsonDocument hostile = new BsonDocument();
    for (int i = 0; i < 100_000; i++) {
      hostile = new BsonDocument("a", hostile);
    }
    BsonDocument document = withId(1, new BsonDocument("a", hostile));

    assertOverflow(() -> docs.insertOne(document), TOO_DEEP_TO_INSERT);
  }

  @Test
  void aReplacementOfAHundredThousandLevelsIsRefusedWithoutOverflowingTheStack() {
    docs.insertOne(new BsonDocument("_id", new BsonInt32(1)));
    BsonDocument hostile = new BsonDocument();
    for (int i = 0; i < 100_000; i++) {
      hostile = new BsonDocument("a", hostile);
    }
    BsonDocument replacement = new BsonDocument("a", hostile);

    assertOverflow(() -> docs.replaceOne(id(1), replacement), TOO_DEEP_TO_UPDATE);
  }

  @Test
  void anUpdateThatWouldNestPastAHundredLevelsIsRefused() {
    docs.insertOne(new BsonDocument("_id", new BsonInt32(1)));
    // $set puts the value one level below the document: 100 levels of value make 101.
    BsonDocument tooDeep = set("v", levels(BsonNesting.MAX_STORED_DEPTH));
    BsonDocument deepest = set("v", levels(BsonNesting.MAX_STORED_DEPTH - 1));

    assertOverflow(() -> docs.updateOne(id(1), tooDeep), TOO_DEEP_TO_UPDATE);
    // findAndModify checks the result while it runs: its plan executor adds its context.
    assertOverflow(
        () -> docs.findOneAndUpdate(id(1), tooDeep, new FindOneAndUpdateOptions()),
        DURING_FIND_AND_MODIFY + TOO_DEEP_TO_UPDATE);
    docs.updateOne(id(1), deepest);

    assertThat(BsonNesting.storedLevels(docs.find(id(1)).first(), 1000))
        .isEqualTo(BsonNesting.MAX_STORED_DEPTH);
  }

  @Test
  void aReplacementPastAHundredLevelsIsRefused() {
    docs.insertOne(new BsonDocument("_id", new BsonInt32(1)));
    BsonDocument tooDeep = levels(BsonNesting.MAX_STORED_DEPTH + 1);

    assertOverflow(() -> docs.replaceOne(id(1), tooDeep), TOO_DEEP_TO_UPDATE);
    assertOverflow(
        () -> docs.findOneAndReplace(id(1), tooDeep, new FindOneAndReplaceOptions()),
        TOO_DEEP_TO_UPDATE);
    assertThat(docs.find(id(1)).first()).isEqualTo(new BsonDocument("_id", new BsonInt32(1)));
  }

  @Test
  void anUpsertPastAHundredLevelsIsRefused() {
    BsonDocument tooDeep = set("v", levels(BsonNesting.MAX_STORED_DEPTH));

    // As in MongoDB, an upsert fails as an update would.
    assertOverflow(
        () -> docs.updateOne(id(7), tooDeep, new UpdateOptions().upsert(true)), TOO_DEEP_TO_UPDATE);
    assertOverflow(
        () ->
            docs.replaceOne(
                id(7), levels(BsonNesting.MAX_STORED_DEPTH + 1), new ReplaceOptions().upsert(true)),
        TOO_DEEP_TO_UPDATE);
    assertOverflow(
        () ->
            docs.findOneAndUpdate(
                id(7),
                tooDeep,
                new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.AFTER)),
        DURING_FIND_AND_MODIFY + TOO_DEEP_TO_UPDATE);
    assertThat(docs.countDocuments()).isZero();
  }

  @Test
  void aFilterAtTheMaximumQueryDepthIsAcceptedAndOneBeyondIsRefused() {
    docs.insertOne(new BsonDocument("_id", new BsonInt32(1)).append("x", new BsonInt32(1)));
    BsonDocument atLimit = new BsonDocument("x", new BsonInt32(1));
    for (int i = 0; i < BsonNesting.MAX_QUERY_DEPTH; i++) {
      atLimit = new BsonDocument("$and", new BsonArray(List.of(atLimit)));
    }
    BsonDocument notChain = new BsonDocument("$gt", new BsonInt32(5));
    for (int i = 0; i < BsonNesting.MAX_QUERY_DEPTH + 1; i++) {
      notChain = new BsonDocument("$not", notChain);
    }
    BsonDocument beyond = new BsonDocument("x", notChain);

    assertThat(docs.countDocuments(atLimit)).isOne();
    assertThatThrownBy(() -> docs.find(beyond).first())
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.BAD_VALUE))
        .hasMessageStartingWith("exceeded maximum query tree depth of 100 at ");
  }

  @Test
  void everySpecificationNestedPastTheBsonLimitIsRefusedWithOverflow() {
    docs.insertOne(new BsonDocument("_id", new BsonInt32(1)));
    // levels counts the document itself: this one nests 201 levels below itself.
    BsonDocument deep = levels(BsonNesting.MAX_DEPTH + 2);

    assertOverflow(() -> docs.find(new BsonDocument("x", deep)).first(), null);
    assertOverflow(() -> docs.find().projection(deep).first(), "Cannot parse projection: ");
    assertOverflow(
        () -> docs.find().sort(new BsonDocument("a", deep)).first(), "Cannot parse sort: ");
    assertOverflow(
        () -> docs.updateOne(id(1), new BsonDocument("$set", deep)), "Cannot parse update: ");
    assertOverflow(
        () -> docs.aggregate(List.of(new BsonDocument("$match", deep))).hasNext(),
        "Cannot parse pipeline stage: ");
    assertOverflow(
        () -> docs.createIndexSpecs(List.of(new BsonDocument("key", deep).append("name", str()))),
        "Cannot parse index specification: ");
  }

  private static org.bson.BsonString str() {
    return new org.bson.BsonString("deep");
  }

  private static final String DURING_FIND_AND_MODIFY =
      "Plan executor error during findAndModify :: caused by :: ";

  private static void assertOverflow(Runnable write, String message) {
    assertThatThrownBy(write::run)
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.OVERFLOW);
              if (message != null) {
                assertThat(e.getMessage()).startsWith(message);
              }
            });
  }

  /**
   * A document of {@code count} levels as MongoDB counts them for storage (itself the first), each
   * below the top holding {@code x: 1} beside the next: {@code {x: 1, a: {x: 1, a: {x: 1}}}} is 3.
   */
  private static BsonDocument levels(int count) {
    BsonDocument document = new BsonDocument("x", new BsonInt32(1));
    for (int i = 1; i < count; i++) {
      document = new BsonDocument("x", new BsonInt32(1)).append("a", document);
    }
    return document;
  }

  private static BsonDocument withId(int id, BsonDocument document) {
    BsonDocument out = new BsonDocument("_id", new BsonInt32(id));
    out.putAll(document);
    return out;
  }

  private static BsonDocument id(int id) {
    return new BsonDocument("_id", new BsonInt32(id));
  }

  private static BsonDocument set(String field, BsonValue value) {
    return new BsonDocument("$set", new BsonDocument(field, value));
  }
}
