package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What a standalone server does with a command's {@code writeConcern}. {@code w} of 0, 1 or {@code
 * "majority"} is this one member's acknowledgement (0: OP_MSG {@code moreToCome} sends no reply at
 * all); more members or a tag set cannot be satisfied and are refused, as MongoDB's standalone
 * refuses them. {@code j: true} (and the older {@code fsync: true}) asks for the write on disk
 * before the reply: the log's STRICT and BATCH modes always wait for that, and in ASYNC mode the
 * dispatcher syncs the log before answering, so the option is never acknowledged unmet.
 *
 * @param logSyncedBeforeEveryReply whether every acknowledged write is already durable (STRICT and
 *     BATCH); false in ASYNC mode
 * @param syncLog forces the write-ahead log to disk
 */
public record WriteConcernRule(boolean logSyncedBeforeEveryReply, Runnable syncLog) {

  /** For a dispatcher that serves no writes (no log to sync). */
  public static final WriteConcernRule NO_LOG = new WriteConcernRule(true, () -> {});

  private static final String FIELD = "writeConcern";
  private static final Set<String> KNOWN_FIELDS =
      Set.of("w", "j", "fsync", "wtimeout", "provenance", "getLastError");

  /**
   * Checks the command's write concern and says whether the log must be synced before its reply.
   *
   * @throws MongoLakeException for a write concern a standalone cannot satisfy, with MongoDB's code
   */
  boolean syncBeforeReply(BsonDocument body) {
    BsonValue value = body.get(FIELD);
    if (value == null) {
      return false;
    }
    BsonDocument concern = ConcernDocument.parse(FIELD, value, KNOWN_FIELDS);
    checkMembers(concern.get("w"));
    boolean journaled = isTrue(concern.get("j")) || isTrue(concern.get("fsync"));
    return journaled && !logSyncedBeforeEveryReply;
  }

  private static void checkMembers(BsonValue w) {
    if (w == null) {
      return;
    }
    if (w.isNumber()) {
      long members = w.asNumber().longValue();
      if (members < 0 || members != w.asNumber().doubleValue()) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE, "w has to be a non-negative number and not greater than 50");
      }
      if (members > 1) {
        throw new MongoLakeException(ErrorCode.BAD_VALUE, "cannot use 'w' > 1 with a standalone");
      }
      return;
    }
    if (w.isString()) {
      String mode = w.asString().getValue();
      if (!mode.equals("majority")) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "cannot use non-majority 'w' mode '" + mode + "' with a standalone");
      }
      return;
    }
    throw new MongoLakeException(
        ErrorCode.FAILED_TO_PARSE, "w has to be a number, a string or an object");
  }

  private static boolean isTrue(BsonValue value) {
    return value != null
        && (value.isBoolean()
            ? value.asBoolean().getValue()
            : value.isNumber() && value.asNumber().doubleValue() != 0);
  }
}
