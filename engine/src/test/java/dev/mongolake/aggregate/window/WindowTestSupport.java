package dev.mongolake.aggregate.window;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.Pipeline;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.bson.BsonDocument;

/** Runs pipelines over documents written as JSON, for the window stage tests. */
final class WindowTestSupport {

  private WindowTestSupport() {}

  static List<BsonDocument> documents(String... json) {
    List<BsonDocument> out = new ArrayList<>();
    for (String document : json) {
      out.add(BsonDocument.parse(document));
    }
    return out;
  }

  static List<BsonDocument> run(List<BsonDocument> input, String... stages) {
    List<BsonDocument> out = new ArrayList<>();
    Pipeline.parse(documents(stages)).run(input.iterator()).forEachRemaining(out::add);
    return out;
  }

  static void assertFails(
      List<BsonDocument> input, ErrorCode code, String message, String... stages) {
    assertThatThrownBy(() -> run(input, stages))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              Assertions.assertThat(e.getMessage()).isEqualTo(message);
              Assertions.assertThat(e.errorCode()).isEqualTo(code);
            });
  }

  /** The manual's cakeSales collection. */
  static final List<BsonDocument> CAKE_SALES =
      documents(
          "{_id: 0, type: 'chocolate', orderDate: {$date: '2020-05-18T14:10:30Z'}, state: 'CA',"
              + " price: 13, quantity: 120}",
          "{_id: 1, type: 'chocolate', orderDate: {$date: '2021-03-20T11:30:05Z'}, state: 'WA',"
              + " price: 14, quantity: 140}",
          "{_id: 2, type: 'vanilla', orderDate: {$date: '2021-01-11T06:31:15Z'}, state: 'CA',"
              + " price: 12, quantity: 145}",
          "{_id: 3, type: 'vanilla', orderDate: {$date: '2020-02-08T13:13:23Z'}, state: 'WA',"
              + " price: 13, quantity: 104}",
          "{_id: 4, type: 'strawberry', orderDate: {$date: '2019-05-18T16:09:01Z'}, state: 'CA',"
              + " price: 41, quantity: 162}",
          "{_id: 5, type: 'strawberry', orderDate: {$date: '2019-01-08T06:12:03Z'}, state: 'WA',"
              + " price: 43, quantity: 134}");
}
