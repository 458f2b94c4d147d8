package dev.mongolake.server.command.crud;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.command.CommandFields;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One entry of {@code bulkWrite}'s {@code ops}: an insert, update or delete on the namespace at
 * index {@link #ns} of {@code nsInfo}. The first field names the kind; fields are checked as
 * MongoDB 8.0's parser checks them, with its messages ({@code BSON field 'bulkWrite.ops.document'
 * is missing but a required field}).
 */
sealed interface BulkWriteOp {

  /** The index of its namespace in {@code nsInfo}. */
  int ns();

  /** What it needs on its namespace when authorization is on. */
  Set<ActionType> actions();

  /** {@code {insert: <ns>, document}}. */
  record Insert(int ns, BsonDocument document) implements BulkWriteOp {
    @Override
    public Set<ActionType> actions() {
      return EnumSet.of(ActionType.INSERT);
    }
  }

  /**
   * {@code {update: <ns>, filter, updateMods, multi, upsert, arrayFilters, hint, sort, collation}}.
   */
  record Update(int ns, UpdateStatement statement, BsonValue hint, BsonValue collation)
      implements BulkWriteOp {
    @Override
    public Set<ActionType> actions() {
      return statement.upsert()
          ? EnumSet.of(ActionType.UPDATE, ActionType.INSERT)
          : EnumSet.of(ActionType.UPDATE);
    }
  }

  /** {@code {delete: <ns>, filter, multi, hint, collation}}. */
  record Delete(int ns, BsonDocument filter, boolean multi, BsonValue hint, BsonValue collation)
      implements BulkWriteOp {
    @Override
    public Set<ActionType> actions() {
      return EnumSet.of(ActionType.REMOVE);
    }
  }

  String PATH = "bulkWrite.ops";

  CommandFields INSERT_FIELDS = CommandFields.of(PATH, "insert", "document");

  /** 8.0's update operation; its {@code constants} (the update command's {@code c}) are not. */
  CommandFields UPDATE_FIELDS =
      CommandFields.of(
              PATH,
              "update",
              "filter",
              "updateMods",
              "multi",
              "upsert",
              "arrayFilters",
              "hint",
              "sort",
              "collation")
          .refusing("constants", "upsertSupplied");

  CommandFields DELETE_FIELDS =
      CommandFields.of(PATH, "delete", "filter", "multi", "hint", "collation");

  /** Parses entry {@code index} of {@code ops}. */
  static BulkWriteOp parse(BsonValue entry, int index) {
    BsonDocument op = BulkWriteFields.document(entry, PATH + "." + index);
    if (op.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "Cannot run bulkWrite: operation "
              + index
              + " is empty, not an insert, update or delete");
    }
    String kind = op.getFirstKey();
    BulkWriteFields fields = new BulkWriteFields(PATH, op);
    return switch (kind) {
      case "insert" -> {
        INSERT_FIELDS.checkStatements(List.of(op));
        yield new Insert(fields.nsIndex(kind), fields.requiredDocument("document"));
      }
      case "update" -> {
        UPDATE_FIELDS.checkStatements(List.of(op));
        int ns = fields.nsIndex(kind);
        BsonDocument filter = fields.requiredDocument("filter");
        BsonValue update = op.get("updateMods");
        if (update == null) {
          throw BulkWriteFields.missing(PATH + ".updateMods");
        }
        UpdateStatement statement =
            new UpdateStatement(
                filter,
                UpdateStatement.checkedUpdate(update),
                fields.bool("multi"),
                fields.bool("upsert"),
                UpdateStatement.arrayFilters(fields.array("arrayFilters"), PATH + ".arrayFilters"),
                fields.optionalDocument("sort"));
        yield new Update(ns, statement, op.get("hint"), op.get("collation"));
      }
      case "delete" -> {
        DELETE_FIELDS.checkStatements(List.of(op));
        yield new Delete(
            fields.nsIndex(kind),
            fields.requiredDocument("filter"),
            fields.bool("multi"),
            op.get("hint"),
            op.get("collation"));
      }
      default ->
          throw new MongoLakeException(
              ErrorCode.IDL_UNKNOWN_FIELD,
              "BSON field 'bulkWrite." + kind + "' is an unknown field.");
    };
  }
}
