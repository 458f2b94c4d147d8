package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.UPDATE;
import static dev.mongolake.update.UpdateTesting.assertDocument;
import static dev.mongolake.update.UpdateTesting.doc;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class PositionalMatchTest {
  private static OptionalInt find(String filter, String document) {
    return PositionalMatch.forFilter(doc(filter)).find(doc(document));
  }

  @Test
  void equalityOnAnArrayFindsTheFirstEqualElement() {
    assertThat(find("{_id: 1, grades: 80}", "{_id: 1, grades: [85, 80, 80]}")).hasValue(1);
  }

  @Test
  void conditionOnAFieldOfArrayElementsFindsTheFirstMatchingElement() {
    assertThat(
            find(
                "{'grades.grade': {$gte: 85}}",
                "{_id: 4, grades: [{grade: 80}, {grade: 85}, {grade: 90}]}"))
        .hasValue(1);
  }

  @Test
  void elemMatchFindsTheElementSatisfyingAllConditions() {
    assertThat(
            find(
                "{grades: {$elemMatch: {grade: {$lte: 90}, mean: {$gt: 80}}}}",
                "{_id: 5, grades: [{grade: 80, mean: 75}, {grade: 85, mean: 90}, {grade: 90, mean: 85}]}"))
        .hasValue(1);
  }

  @Test
  void conditionsInsideAndAreUsed() {
    assertThat(find("{$and: [{x: 1}, {'a.b': 2}]}", "{x: 1, a: [{b: 1}, {b: 2}]}")).hasValue(1);
  }

  @Test
  void nonArrayMatchesGiveNoPosition() {
    assertThat(find("{a: 1}", "{a: 1}")).isEmpty();
    assertThat(find("{a: [1, 2]}", "{a: [1, 2]}")).isEmpty();
    assertThat(find("{'a.0': 1}", "{a: [1, 2]}")).isEmpty();
  }

  @Test
  void arrayNestedInADocumentIsFound() {
    assertThat(find("{'o.tags': 'b'}", "{o: {tags: ['a', 'b']}}")).hasValue(1);
  }

  @Test
  void positionalUpdateWithTheFoundPosition() {
    String document = "{_id: 1, grades: [{grade: 80, std: 8}, {grade: 85, std: 6}]}";
    int position =
        PositionalMatch.forFilter(doc("{'grades.grade': 85}")).find(doc(document)).getAsInt();
    UpdateResult result =
        Update.parse(doc("{$set: {'grades.$.std': 6.5}}"))
            .apply(doc(document), UPDATE.withPositionalMatch(position));
    assertDocument(
        result.document(), "{_id: 1, grades: [{grade: 80, std: 8}, {grade: 85, std: 6.5}]}");
  }
}
