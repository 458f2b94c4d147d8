package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.doc;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The example collections and queries of the MongoDB manual's query tutorials. */
class MongoDbManualExamplesTest {
  private static final List<BsonDocument> ARRAYS =
      List.of(
          doc("{item: 'journal', qty: 25, tags: ['blank', 'red'], dim_cm: [14, 21]}"),
          doc("{item: 'notebook', qty: 50, tags: ['red', 'blank'], dim_cm: [14, 21]}"),
          doc("{item: 'paper', qty: 100, tags: ['red', 'blank', 'plain'], dim_cm: [14, 21]}"),
          doc("{item: 'planner', qty: 75, tags: ['blank', 'red'], dim_cm: [22.85, 30]}"),
          doc("{item: 'postcard', qty: 45, tags: ['blue'], dim_cm: [10, 15.25]}"));

  private static final List<BsonDocument> EMBEDDED_ARRAYS =
      List.of(
          doc("{item: 'journal', instock: [{warehouse: 'A', qty: 5}, {warehouse: 'C', qty: 15}]}"),
          doc("{item: 'notebook', instock: [{warehouse: 'C', qty: 5}]}"),
          doc("{item: 'paper', instock: [{warehouse: 'A', qty: 60}, {warehouse: 'B', qty: 15}]}"),
          doc("{item: 'planner', instock: [{warehouse: 'A', qty: 40}, {warehouse: 'B', qty: 5}]}"),
          doc(
              "{item: 'postcard', instock: [{warehouse: 'B', qty: 15}, {warehouse: 'C', qty:"
                  + " 35}]}"));

  private static final List<BsonDocument> NULLS = List.of(doc("{item: null}"), doc("{}"));

  private static String itemsMatching(List<BsonDocument> collection, String filter) {
    Filter parsed = Filter.parse(doc(filter));
    return String.join(
        " ",
        collection.stream()
            .filter(parsed::matches)
            .map(d -> d.isString("item") ? d.getString("item").getValue() : "?")
            .toList());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{tags: ['red', 'blank']}|notebook",
        "{tags: {$all: ['red', 'blank']}}|journal notebook paper planner",
        "{tags: 'red'}|journal notebook paper planner",
        "{dim_cm: {$gt: 25}}|planner",
        "{dim_cm: {$gt: 15, $lt: 20}}|journal notebook paper postcard",
        "{dim_cm: {$elemMatch: {$gt: 22, $lt: 30}}}|planner",
        "{'dim_cm.1': {$gt: 25}}|planner",
        "{tags: {$size: 3}}|paper",
      })
  void queryAnArray(String filter, String expectedItems) {
    assertThat(itemsMatching(ARRAYS, filter)).isEqualTo(expectedItems);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{instock: {warehouse: 'A', qty: 5}}|journal",
        "{instock: {qty: 5, warehouse: 'A'}}|''",
        "{'instock.qty': {$lte: 20}}|journal notebook paper planner postcard",
        "{'instock.0.qty': {$lte: 20}}|journal notebook postcard",
        "{instock: {$elemMatch: {qty: 5, warehouse: 'A'}}}|journal",
        "{instock: {$elemMatch: {qty: {$gt: 10, $lte: 20}}}}|journal paper postcard",
        "{'instock.qty': {$gt: 10, $lte: 20}}|journal paper planner postcard",
        "{'instock.qty': 5, 'instock.warehouse': 'A'}|journal planner",
      })
  void queryAnArrayOfEmbeddedDocuments(String filter, String expectedItems) {
    assertThat(itemsMatching(EMBEDDED_ARRAYS, filter)).isEqualTo(expectedItems);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{item: null}|2",
        "{item: {$type: 10}}|1",
        "{item: {$exists: false}}|1",
        "{item: {$ne: null}}|0",
      })
  void queryForNullOrMissingFields(String filter, int expectedCount) {
    Filter parsed = Filter.parse(doc(filter));
    assertThat(NULLS.stream().filter(parsed::matches).count()).isEqualTo(expectedCount);
  }
}
