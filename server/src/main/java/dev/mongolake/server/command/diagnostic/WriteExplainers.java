package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
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
          ErrorCode.NO_SUCH_KEY,
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
            ErrorCode.NO_SUCH_KEY, "BSON field 'update.updates.u' is missing but a required field");
      }
      CommandArguments args = new CommandArguments("update.updates", statement);
      boolean multi = args.bool("multi", false);
      boolean upsert = args.bool("upsert", false);
      Explanation.Execution execution = null;
      if (execute) {
        CollectionScan scan = target.run(filter, multi ? CollectionScan.UNBOUNDED : 1);
        BsonDocument counts =
            new BsonDocument("nMatched", new BsonInt64(scan.matched()))
                .append("nWouldUpsert", BsonBoolean.valueOf(upsert && scan.matched() == 0));
        execution =
            new Explanation.Execution(
                0,
                scan,
                QueryExplainers.stage("UPDATE", counts, target.leafStage(filter, scan), 0L));
      }
      return new Explanation(
          filter,
          QueryExplainers.stage("UPDATE", new BsonDocument(), target.leafStage(filter, null), null),
          execution,
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
      long limit = new CommandArguments("delete.deletes", statement).number("limit", 0);
      if (limit != 0 && limit != 1) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "The limit field in delete objects must be 0 or 1. Got " + limit);
      }
      Explanation.Execution execution = null;
      if (execute) {
        CollectionScan scan = target.run(filter, limit == 1 ? 1 : CollectionScan.UNBOUNDED);
        BsonDocument counts = new BsonDocument("nWouldDelete", new BsonInt64(scan.matched()));
        execution =
            new Explanation.Execution(
                0,
                scan,
                QueryExplainers.stage("DELETE", counts, target.leafStage(filter, scan), 0L));
      }
      return new Explanation(
          filter,
          QueryExplainers.stage("DELETE", new BsonDocument(), target.leafStage(filter, null), null),
          execution,
          new BsonDocument());
    }
  }
}
