package dev.mongolake.update;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.bson.BsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/** Shorthands for update tests: documents from JSON, a fixed clock, exact comparisons. */
final class UpdateTesting {
  static final Instant NOW = Instant.parse("2026-01-02T03:04:05.678Z");
  static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  static final UpdateContext UPDATE = UpdateContext.forUpdate(CLOCK);
  static final UpdateContext UPSERT_INSERT = UpdateContext.forUpsertInsert(CLOCK);

  private static final JsonWriterSettings EXACT =
      JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();

  private UpdateTesting() {}

  static BsonDocument doc(String json) {
    return BsonDocument.parse(json);
  }

  /** Applies {@code update} to {@code document} as a plain update. */
  static UpdateResult apply(String update, String document) {
    return Update.parse(doc(update)).apply(doc(document), UPDATE);
  }

  static UpdateResult apply(String update, String document, UpdateContext context) {
    return Update.parse(doc(update)).apply(doc(document), context);
  }

  static UpdateResult applyWithFilters(String update, List<String> filters, String document) {
    return Update.parse(
            doc(update),
            UpdateOptions.withArrayFilters(filters.stream().map(UpdateTesting::doc).toList()))
        .apply(doc(document), UPDATE);
  }

  /** Asserts same fields, same order, same types and values. */
  static void assertDocument(BsonDocument actual, String expectedJson) {
    assertThat(actual.toJson(EXACT)).isEqualTo(doc(expectedJson).toJson(EXACT));
  }

  /** Asserts that applying {@code update} to {@code document} gives {@code expected}, modified. */
  static void assertUpdate(String update, String document, String expected) {
    UpdateResult result = apply(update, document);
    assertDocument(result.document(), expected);
    assertThat(result.modified()).as("modified").isTrue();
  }

  /** Asserts that applying {@code update} to {@code document} changes nothing. */
  static void assertNoOp(String update, String document) {
    UpdateResult result = apply(update, document);
    assertDocument(result.document(), document);
    assertThat(result.modified()).as("modified").isFalse();
  }

  static void assertFails(ThrowingCallable call, ErrorCode code, String message) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.getMessage()).isEqualTo(message);
              assertThat(e.errorCode()).isEqualTo(code);
            });
  }

  static void assertParseFails(String update, ErrorCode code, String message) {
    assertFails(() -> Update.parse(doc(update)), code, message);
  }

  static void assertApplyFails(String update, String document, ErrorCode code, String message) {
    Update parsed = Update.parse(doc(update));
    assertFails(() -> parsed.apply(doc(document), UPDATE), code, message);
  }
}
