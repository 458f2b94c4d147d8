package dev.mongolake.internal.wal;

import java.util.UUID;
import org.bson.BsonDocument;

/**
 * Which statement of a retryable write made a change: MongoDB's {@code (lsid, txnNumber, stmtId)}.
 *
 * @param session the logical session's id
 * @param txnNumber the session's transaction number the statement ran under
 * @param stmtId the statement's place in its command (or the id the command gave it)
 * @param image the document a {@code findAndModify} returned (before or after the change), or
 *     {@code null}: what its retry answers without running it again
 */
public record StatementMark(UUID session, long txnNumber, int stmtId, BsonDocument image) {}
