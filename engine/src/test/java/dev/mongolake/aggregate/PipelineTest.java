package dev.mongolake.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class PipelineTest {

  private static final List<BsonDocument> ORDERS =
      List.of(
          BsonDocument.parse("{_id: 1, item: 'a', qty: 2, price: 10}"),
          BsonDocument.parse("{_id: 2, item: 'b', qty: 1, price: 20.5}"),
          BsonDocument.parse("{_id: 3, item: 'a', qty: 5, price: 10}"),
          BsonDocument.parse("{_id: 4, item: 'c', tags: ['x', 'y']}"));

  private static List<BsonDocument> run(String... stages) {
    List<BsonDocument> pipeline = new ArrayList<>();
    for (String stage : stages) {
      pipeline.add(BsonDocument.parse(stage));
    }
    Iterator<BsonDocument> results = Pipeline.parse(pipeline).run(ORDERS.iterator());
    List<BsonDocument> out = new ArrayList<>();
    results.forEachRemaining(out::add);
    return out;
  }

  @Test
  void groupAccumulatesPerKeyInOrderOfFirstAppearance() {
    assertThat(
            run(
                "{$match: {qty: {$exists: true}}}",
                "{$group: {_id: '$item', total: {$sum: '$qty'}, avgPrice: {$avg: '$price'}, n: {$count: {}}, ids: {$push: '$_id'}}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 'a', total: 7, avgPrice: 10.0, n: 2, ids: [1, 3]}"),
            BsonDocument.parse("{_id: 'b', total: 1, avgPrice: 20.5, n: 1, ids: [2]}"));
  }

  @Test
  void groupByConstantCountsEverything() {
    assertThat(run("{$group: {_id: 1, n: {$sum: 1}}}"))
        .containsExactly(BsonDocument.parse("{_id: 1, n: 4}"));
  }

  @Test
  void sortSkipLimitAndProjectCompose() {
    assertThat(
            run("{$sort: {_id: -1}}", "{$skip: 1}", "{$limit: 2}", "{$project: {item: 1, _id: 0}}"))
        .containsExactly(BsonDocument.parse("{item: 'a'}"), BsonDocument.parse("{item: 'b'}"));
  }

  @Test
  void countNamesItsFieldAndIsEmptyForNoInput() {
    assertThat(run("{$match: {item: 'a'}}", "{$count: 'n'}"))
        .containsExactly(BsonDocument.parse("{n: 2}"));
    assertThat(run("{$match: {item: 'zzz'}}", "{$count: 'n'}")).isEmpty();
  }

  @Test
  void unknownStageFailsWithMongoDbsMessage() {
    assertThatThrownBy(() -> run("{$frobnicate: {}}"))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_40324);
              assertThat(e.getMessage())
                  .isEqualTo("Unrecognized pipeline stage name: '$frobnicate'");
            });
  }

  @Test
  void limitMustBePositive() {
    assertThatThrownBy(() -> run("{$limit: 0}"))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_15958))
        .hasMessage("the limit must be positive");
  }
}
