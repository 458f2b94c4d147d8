package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.assertApplyFails;
import static dev.mongolake.update.UpdateTesting.assertNoOp;
import static dev.mongolake.update.UpdateTesting.assertParseFails;
import static dev.mongolake.update.UpdateTesting.assertUpdate;

import dev.mongolake.ErrorCode;
import org.junit.jupiter.api.Test;

class RenameTest {
  @Test
  void renameMovesTheFieldToTheEnd() {
    assertUpdate(
        "{$rename: {nmae: 'name'}}",
        "{_id: 1, nmae: 'x', alias: 'y'}",
        "{_id: 1, alias: 'y', name: 'x'}");
  }

  @Test
  void renameOverwritesAnExistingDestinationInPlace() {
    assertUpdate("{$rename: {a: 'b'}}", "{_id: 1, b: 0, a: 1, c: 2}", "{_id: 1, b: 1, c: 2}");
  }

  @Test
  void renameIntoAnEmbeddedDocument() {
    assertUpdate(
        "{$rename: {cell: 'contact.phone'}}",
        "{_id: 1, cell: '555', contact: {email: 'e'}}",
        "{_id: 1, contact: {email: 'e', phone: '555'}}");
  }

  @Test
  void renameOutOfAnEmbeddedDocumentCreatesMissingParents() {
    assertUpdate(
        "{$rename: {'name.first': 'fname.value'}}",
        "{_id: 1, name: {first: 'a', last: 'b'}}",
        "{_id: 1, name: {last: 'b'}, fname: {value: 'a'}}");
  }

  @Test
  void renameOfAMissingFieldIsANoOp() {
    assertNoOp("{$rename: {wife: 'spouse'}}", "{_id: 1, a: 1}");
  }

  @Test
  void renameToTheSameFieldIsRefused() {
    assertParseFails(
        "{$rename: {a: 'a'}}",
        ErrorCode.BAD_VALUE,
        "The source and target field for $rename must differ: a: \"a\"");
  }

  @Test
  void renameOntoItsOwnPathIsRefused() {
    assertParseFails(
        "{$rename: {a: 'a.b'}}",
        ErrorCode.BAD_VALUE,
        "The source and target field for $rename must not be on the same path: a: \"a.b\"");
  }

  @Test
  void renameToANonStringIsRefused() {
    assertParseFails(
        "{$rename: {a: 1}}",
        ErrorCode.BAD_VALUE,
        "The 'to' field for $rename must be a string: a: 1");
  }

  @Test
  void renameOfADynamicPathIsRefused() {
    assertParseFails(
        "{$rename: {'a.$': 'b'}}",
        ErrorCode.BAD_VALUE,
        "The source field for $rename may not be dynamic: a.$");
    assertParseFails(
        "{$rename: {a: 'b.$[]'}}",
        ErrorCode.BAD_VALUE,
        "The destination field for $rename may not be dynamic: b.$[]");
  }

  @Test
  void renameConflictsWithAnotherOperatorOnTheDestination() {
    assertParseFails(
        "{$rename: {a: 'b'}, $set: {b: 1}}",
        ErrorCode.CONFLICTING_UPDATE_OPERATORS,
        "Updating the path 'b' would create a conflict at 'b'");
  }

  @Test
  void renameConflictsWithAnotherOperatorOnTheSource() {
    assertParseFails(
        "{$set: {a: 1}, $rename: {a: 'b'}}",
        ErrorCode.CONFLICTING_UPDATE_OPERATORS,
        "Updating the path 'a' would create a conflict at 'a'");
  }

  @Test
  void renameOutOfAnArrayElementIsRefused() {
    assertApplyFails(
        "{$rename: {'a.0.b': 'c'}}",
        "{_id: 1, a: [{b: 1}]}",
        ErrorCode.BAD_VALUE,
        "The source field cannot be an array element, 'a.0.b' in doc with _id: 1 has an array"
            + " field called 'a'");
  }

  @Test
  void renameIntoAnArrayElementIsRefused() {
    assertApplyFails(
        "{$rename: {c: 'a.0'}}",
        "{_id: 1, a: [1], c: 2}",
        ErrorCode.BAD_VALUE,
        "The destination field cannot be an array element, 'a.0' in doc with _id: 1 has an array"
            + " field called 'a'");
  }

  @Test
  void renameThroughAScalarIsPathNotViable() {
    assertApplyFails(
        "{$rename: {'a.b': 'c'}}",
        "{_id: 1, a: 1}",
        ErrorCode.PATH_NOT_VIABLE,
        "cannot use the part (a of a.b) to traverse the element ({a: 1})");
  }

  @Test
  void renameOfIdIsImmutable() {
    assertApplyFails(
        "{$rename: {_id: 'x'}}",
        "{_id: 1}",
        ErrorCode.IMMUTABLE_FIELD,
        "Unsetting the path '_id' using $rename would modify the immutable field '_id'");
  }

  @Test
  void renameOntoIdIsImmutable() {
    assertApplyFails(
        "{$rename: {x: '_id'}}",
        "{_id: 1, x: 2}",
        ErrorCode.IMMUTABLE_FIELD,
        "Performing an update on the path '_id' would modify the immutable field '_id'");
  }

  @Test
  void renameMovesAnArrayValueWhole() {
    assertUpdate(
        "{$rename: {a: 'z'}}", "{_id: 1, a: [1, {b: 2}], m: 0}", "{_id: 1, m: 0, z: [1, {b: 2}]}");
  }
}
