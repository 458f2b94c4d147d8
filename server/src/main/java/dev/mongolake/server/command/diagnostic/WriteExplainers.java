package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.QueryExplanation;
import dev.mongolake.server.command.CommandArguments;
import java.util.List;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;

/**
 * Explainers of the write commands: {@code update} and {@code delete}. Explaining a write never
 * writes: it counts the documents the statement would touch. As in MongoDB, the explained batch
 * must hold exactly one statement.
 */
final class WriteExplainers {

  private WriteExplainers() {}

  static List<Explainer> all() {
    return List.of(new Update(), new Delete());
  }

  private static BsonDocument onlyStatement(String command, BsonDocument body, String field) {
    List<BsonDocument> statements = new CommandArguments(command, body).documents(field);
    if (statements.size() != 1) {
      throw new MongoLakeException(
          ErrorCode.INVALID_LENGTH, "explained write batches must be of size 1");
    }
    return statements.get(0);
  }

  private static BsonDocument required(String command, BsonDocument statement, String field) {
    BsonDocument value = new CommandArguments(command, statement).document(field, null);
    if (value == null) {
      throw new MongoLakeException(
          ErrorCode.IDL_MISSING_FIELD,
          "BSON field '" + command + "." + field + "' is missing but a required field");
    }
    return value;
  }

  /** {@code update}: an {@code UPDATE} stage over the scan of {@code q}. */
  private static final class Update implements Explainer {
    @Override
    public String commandName() {
      return "update";
    }

    @Override
    public Explanation explain(ScanTarget target, BsonDocument command, boolean execute) {
      BsonDocument statement = onlyStatement(commandName(), command, "updates");
      BsonDocument filter = required("update.updates", statement, "q");
      if (!statement.containsKey("u")) {
        throw new MongoLakeException(
            ErrorCode.IDL_MISSING_FIELD,
            "BSON field 'update.updates.u' is missing but a required field");
      }
      if (statement.containsKey("sort")) {
        // The plan below has no SORT stage: it would describe another choice of document.
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED, "Cannot explain update with 'sort': not supported yet");
      }
      CommandArguments args = new CommandArguments("update.updates", statement);
      boolean multi = args.bool("multi", false);
      boolean upsert = args.bool("upsert", false);
      QueryExplanation scan =
          QueryExplainers.scan(
              target,
              filter,
              new CommandArguments("update", command).document("let", null),
              multi ? 0 : 1,
              execute);
      BsonDocument stats = null;
      if (execute) {
        long matched = scan.executionStats().getNumber("nReturned").longValue();
        BsonDocument counts =
            new BsonDocument("nMatched", new BsonInt64(matched))
                .append("nWouldUpsert", BsonBoolean.valueOf(upsert && matched == 0));
        stats =
            Explanation.executionStats(
                scan.executionStats(),
                QueryExplainers.stage(
                    "UPDATE", counts, scan.executionStats().getDocument("executionStages"), 0L),
                0,
                -1);
      }
      return new Explanation(
          filter,
          QueryExplainers.stage("UPDATE", new BsonDocument(), scan.winningPlan(), null),
          stats,
          new BsonDocument());
    }
  }

  /** {@code delete}: a {@code DELETE} stage over the scan of {@code q}. */
  private static final class Delete implements Explainer {
    @Override
    public String commandName() {
      return "delete";
    }

    @Override
    public Explanation explain(ScanTarget target, BsonDocument command, boolean execute) {
      BsonDocument statement = onlyStatement(commandName(), command, "deletes");
      BsonDocument filter = required("delete.deletes", statement, "q");
      if (!statement.containsKey("limit")) {
        throw new MongoLakeException(
            ErrorCode.IDL_MISSING_FIELD,
            "BSON field 'delete.deletes.limit' is missing but a required field");
      }
      long limit = new CommandArguments("delete.deletes", statement).number("limit", 0);
      if (limit != 0 && limit != 1) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "The limit field in delete objects must be 0 or 1. Got " + limit);
      }
      QueryExplanation scan =
          QueryExplainers.scan(
              target,
              filter,
              new CommandArguments("delete", command).document("let", null),
              limit == 1 ? 1 : 0,
              execute);
      BsonDocument stats = null;
      if (execute) {
        long matched = scan.executionStats().getNumber("nReturned").longValue();
        BsonDocument counts = new BsonDocument("nWouldDelete", new BsonInt64(matched));
        stats =
            Explanation.executionStats(
                scan.executionStats(),
                QueryExplainers.stage(
                    "DELETE", counts, scan.executionStats().getDocument("executionStages"), 0L),
                0,
                -1);
      }
      return new Explanation(
          filter,
          QueryExplainers.stage("DELETE", new BsonDocument(), scan.winningPlan(), null),
          stats,
          new BsonDocument());
    }
  }
}
