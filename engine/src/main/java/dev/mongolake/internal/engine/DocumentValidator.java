package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.read.QueryErrors;
import java.time.Clock;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A collection's validator as one write command applies it (see {@link CollectionValidation}):
 * inserted documents, and updated ones (under {@code moderate}, only those that matched before),
 * must match it, or the write fails with DocumentValidationFailure (121) and MongoDB's {@code
 * errInfo}: {@code {failingDocumentId, details}} (see {@link Filter#explainMismatch}). With {@code
 * validationAction: warn} the failure is logged instead ("Document would fail validation") and the
 * write goes on. {@code $$NOW} in the validator's {@code $expr} is the command's start.
 *
 * <p>One per write command, used under the collection's write lock; not thread-safe.
 */
final class DocumentValidator {
  private static final Logger LOG = LoggerFactory.getLogger(DocumentValidator.class);

  /** Validates nothing: no validator, validation off, or bypassed. */
  static final DocumentValidator NONE = new DocumentValidator(null, null, Collation.SIMPLE, null);

  private final Namespace namespace;
  private final CollectionValidation validation;
  // A validator compares strings by the collection's default collation, as MongoDB's does.
  private final Collation collation;
  private final BsonDateTime now;
  private Filter filter;

  private DocumentValidator(
      Namespace namespace, CollectionValidation validation, Collation collation, Clock clock) {
    this.namespace = namespace;
    this.validation = validation;
    this.collation = collation;
    this.now = clock == null ? null : new BsonDateTime(clock.millis());
  }

  /** The validator of a write to {@code state}; {@code bypass} is bypassDocumentValidation. */
  static DocumentValidator forWrite(CollectionState state, Clock clock, boolean bypass) {
    CollectionValidation validation = state.validation();
    if (bypass || !validation.active()) {
      return NONE;
    }
    return new DocumentValidator(state.namespace(), validation, state.collation(), clock);
  }

  /** Checks a document about to be inserted (an insert, or an upsert's insert). */
  void checkInsert(BsonDocument document) {
    if (this != NONE) {
      enforce(document);
    }
  }

  /** Checks the new version of an updated or replaced document. */
  void checkUpdate(BsonDocument before, BsonDocument after) {
    if (this == NONE || (validation.moderate() && !matches(before))) {
      return;
    }
    enforce(after);
  }

  private void enforce(BsonDocument document) {
    if (matches(document)) {
      return;
    }
    BsonDocument errInfo =
        new BsonDocument("failingDocumentId", document.get("_id"))
            .append("details", details(document));
    if (validation.warns()) {
      LOG.warn(
          "Document would fail validation: namespace {}, document {}, errInfo {}",
          namespace.fullName(),
          document.toJson(),
          errInfo.toJson());
      return;
    }
    throw new MongoLakeException(
        ErrorCode.DOCUMENT_VALIDATION_FAILURE,
        "Document failed validation",
        new BsonDocument("errInfo", errInfo));
  }

  /** Whether the validator matches; one whose {@code $expr} fails to evaluate does not. */
  private boolean matches(BsonDocument document) {
    try {
      return filter().matches(document);
    } catch (RuntimeException e) {
      return false;
    }
  }

  private BsonDocument details(BsonDocument document) {
    try {
      return filter().explainMismatch(document);
    } catch (RuntimeException e) {
      // The details are a courtesy: the failure itself stands.
      return new BsonDocument("reason", new BsonString(String.valueOf(e.getMessage())));
    }
  }

  private Filter filter() {
    if (filter == null) {
      filter =
          QueryErrors.parseFilter(
              validation.validator(), collation, VariableScope.root(), () -> new Variables(now));
    }
    return filter;
  }
}
