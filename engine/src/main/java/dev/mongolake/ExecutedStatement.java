package dev.mongolake;

import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What a statement of a retryable write did when it first ran: enough to answer its retry as the
 * first run was answered, without running it again (see {@link RetryableWrites}).
 *
 * @param kind what the statement's change was
 * @param documentId the {@code _id} of the document it inserted, changed or deleted
 * @param image the document a {@code findAndModify} returned (before or after the change, as it
 *     asked), or {@code null} when it returned none or the statement was not a findAndModify
 */
public record ExecutedStatement(Kind kind, BsonValue documentId, BsonDocument image) {

  /** A statement's change. */
  public enum Kind {
    /** It inserted a document (an insert, or an update or findAndModify that upserted). */
    INSERTED,
    /** It changed a document (an update, a replacement or a findAndModify). */
    UPDATED,
    /** It deleted a document. */
    DELETED,
    /**
     * The session's multi-document transaction of this number committed (its {@code documentId} is
     * the transaction number): what a retried {@code commitTransaction} answers from.
     */
    COMMITTED
  }
}
