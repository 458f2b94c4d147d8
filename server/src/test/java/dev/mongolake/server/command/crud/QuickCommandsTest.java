package dev.mongolake.server.command.crud;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.MongoLake;
import dev.mongolake.server.command.CursorRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which CRUD requests an event loop may run itself: bounded work on local tables only. */
class QuickCommandsTest {

  @TempDir Path root;
  private MongoLake lake;
  private InsertCommand insert;
  private FindCommand find;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    insert = new InsertCommand(lake);
    find =
        new FindCommand(
            lake, new CursorRegistry(Clock.systemUTC(), CursorRegistry.DEFAULT_TIMEOUT));
  }

  @AfterEach
  void close() {
    lake.close();
  }

  @Test
  void aSmallInsertIsQuickAndALargeBatchIsNot() {
    assertThat(insert.quick(insertOf(1))).isTrue();
    assertThat(insert.quick(insertOf(1000))).isTrue();
    assertThat(insert.quick(insertOf(1001))).isFalse();
  }

  @Test
  void anInsertWithoutDocumentsIsLeftToTheCommandToRefuseOnItsOwnThread() {
    assertThat(insert.quick(new BsonDocument("insert", new BsonString("users")))).isFalse();
  }

  @Test
  void aFindByOneIdIsQuick() {
    assertThat(find.quick(findWhere(new BsonDocument("_id", new BsonInt32(7))))).isTrue();
    assertThat(find.quick(findWhere(new BsonDocument("_id", new BsonString("ada"))))).isTrue();
  }

  @Test
  void aFindThatMayScanIsNotQuick() {
    assertThat(find.quick(findWhere(new BsonDocument()))).isFalse();
    assertThat(find.quick(findWhere(new BsonDocument("name", new BsonString("Ada"))))).isFalse();
    assertThat(
            find.quick(
                findWhere(new BsonDocument("_id", new BsonDocument("$gt", new BsonInt32(7))))))
        .isFalse();
    assertThat(
            find.quick(
                findWhere(
                    new BsonDocument("_id", new BsonInt32(7))
                        .append("name", new BsonString("Ada")))))
        .isFalse();
    assertThat(find.quick(new BsonDocument("find", new BsonString("users")))).isFalse();
  }

  private static BsonDocument insertOf(int count) {
    List<BsonValue> documents = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      documents.add(new BsonDocument("_id", new BsonInt32(i)));
    }
    return new BsonDocument("insert", new BsonString("users"))
        .append("documents", new BsonArray(documents));
  }

  private static BsonDocument findWhere(BsonDocument filter) {
    return new BsonDocument("find", new BsonString("users")).append("filter", filter);
  }
}
