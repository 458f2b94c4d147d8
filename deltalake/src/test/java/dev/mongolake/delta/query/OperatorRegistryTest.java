package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.doc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.mongolake.delta.query.internal.operators.StandardOperators;
import dev.mongolake.delta.query.internal.parse.OperatorRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class OperatorRegistryTest {
  private static final OperatorRegistry REGISTRY = StandardOperators.registry();

  @ParameterizedTest
  @ValueSource(
      strings = {
        "$eq",
        "$ne",
        "$gt",
        "$gte",
        "$lt",
        "$lte",
        "$in",
        "$nin",
        "$not",
        "$exists",
        "$type",
        "$mod",
        "$regex",
        "$options",
        "$all",
        "$elemMatch",
        "$size",
        "$bitsAllSet",
        "$bitsAnySet",
        "$bitsAllClear",
        "$bitsAnyClear"
      })
  void everyFieldOperatorHasAHandler(String name) {
    assertThat(REGISTRY.isFieldOperator(name)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"$and", "$or", "$nor", "$expr", "$comment", "$where", "$jsonSchema"})
  void everyTopLevelOperatorHasAHandler(String name) {
    assertThat(REGISTRY.isTopLevelOperator(name)).isTrue();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{a: {$eq: 1}}",
        "{a: {$ne: 1}}",
        "{a: {$gt: 1, $gte: 1, $lt: 1, $lte: 1}}",
        "{a: {$in: [1]}, b: {$nin: [1]}}",
        "{a: {$not: {$gt: 1}}}",
        "{a: {$exists: true}, b: {$type: 'number'}}",
        "{a: {$mod: [2, 0]}}",
        "{a: {$regex: 'x', $options: 'i'}}",
        "{a: {$all: [1]}, b: {$elemMatch: {$gt: 1}}, c: {$size: 1}}",
        "{a: {$bitsAllSet: 1, $bitsAnySet: 1, $bitsAllClear: 1, $bitsAnyClear: 1}}",
        "{$and: [{a: 1}], $or: [{a: 1}], $nor: [{a: 2}], $comment: 'c'}",
        "{$expr: {$eq: ['$a', 1]}}",
      })
  void documentedShapesParse(String filter) {
    assertThatCode(() -> Filter.parse(doc(filter))).doesNotThrowAnyException();
  }
}
