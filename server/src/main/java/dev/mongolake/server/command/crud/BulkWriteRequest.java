package dev.mongolake.server.command.crud;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.CommandText;
import dev.mongolake.server.authz.Privilege;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.wire.WireLimits;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.bson.BsonArray;
import org.bson.BsonDocument;

/**
 * A {@code bulkWrite} command, parsed and checked as MongoDB 8.0 checks it before running any
 * operation: the types and required fields of {@code ops} and {@code nsInfo}, the batch size, the
 * namespaces and each operation's namespace index. Every failure here fails the whole command.
 *
 * @param ops the operations, in request order
 * @param namespaces {@code nsInfo}'s namespaces, which {@link BulkWriteOp#ns} indexes
 * @param let the command's variables, or null
 * @param batchSize the results in the cursor's first batch ({@code cursor.batchSize}; all by
 *     default, within the reply's size)
 * @param bypassDocumentValidation whether the writes skip the collections' validators
 */
record BulkWriteRequest(
    List<BulkWriteOp> ops,
    List<Namespace> namespaces,
    boolean ordered,
    boolean errorsOnly,
    BsonDocument let,
    int batchSize,
    boolean bypassDocumentValidation) {

  private static final CommandFields NS_INFO_FIELDS =
      CommandFields.of("bulkWrite.nsInfo", "ns")
          .refusing(
              "collectionUUID",
              "encryptionInformation",
              "isTimeseriesNamespace",
              "shardVersion",
              "databaseVersion");

  private static final CommandFields CURSOR_FIELDS =
      CommandFields.of("bulkWrite.cursor", "batchSize");

  /** The operation's namespace. */
  Namespace namespace(BulkWriteOp op) {
    return namespaces.get(op.ns());
  }

  /** Parses a {@code bulkWrite} command body. */
  static BulkWriteRequest parse(BsonDocument body) {
    BulkWriteFields fields = new BulkWriteFields("bulkWrite", body);
    BsonArray ops = fields.array("ops");
    BsonArray nsInfo = fields.array("nsInfo");
    List<String> names = nsInfo == null ? List.of() : names(nsInfo);
    List<BulkWriteOp> parsed = new ArrayList<>();
    if (ops != null) {
      for (int i = 0; i < ops.size(); i++) {
        parsed.add(BulkWriteOp.parse(ops.get(i), i));
      }
    }
    boolean ordered = fields.bool("ordered", true);
    boolean errorsOnly = fields.bool("errorsOnly");
    BsonDocument let = fields.optionalDocument("let");
    int batchSize = batchSize(fields.optionalDocument("cursor"));
    boolean bypass = fields.safeBool("bypassDocumentValidation", false);
    if (ops == null) {
      throw BulkWriteFields.missing("bulkWrite.ops");
    }
    if (nsInfo == null) {
      throw BulkWriteFields.missing("bulkWrite.nsInfo");
    }
    if (parsed.isEmpty() || parsed.size() > WireLimits.MAX_WRITE_BATCH_SIZE) {
      throw new MongoLakeException(
          ErrorCode.INVALID_LENGTH,
          "Write batch sizes must be between 1 and "
              + WireLimits.MAX_WRITE_BATCH_SIZE
              + ". Got "
              + parsed.size()
              + " operations.");
    }
    List<Namespace> namespaces = names.stream().map(BulkWriteRequest::namespace).toList();
    for (int i = 0; i < parsed.size(); i++) {
      if (parsed.get(i).ns() >= namespaces.size()) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "BulkWrite ops entry "
                + CommandText.of(ops.get(i).asDocument())
                + " has an invalid nsInfo index.");
      }
    }
    return new BulkWriteRequest(parsed, namespaces, ordered, errorsOnly, let, batchSize, bypass);
  }

  /** The {@code ns} of each {@code nsInfo} entry. */
  private static List<String> names(BsonArray nsInfo) {
    List<String> names = new ArrayList<>(nsInfo.size());
    for (int i = 0; i < nsInfo.size(); i++) {
      BsonDocument entry = BulkWriteFields.document(nsInfo.get(i), "bulkWrite.nsInfo." + i);
      NS_INFO_FIELDS.checkStatements(List.of(entry));
      names.add(new BulkWriteFields("bulkWrite.nsInfo", entry).requiredString("ns"));
    }
    return names;
  }

  /**
   * {@code db.collection} as a namespace. Without a database or a collection part MongoDB names
   * what it read as the database: {@code Invalid namespace specified for bulkWrite: 'nodot'}.
   */
  private static Namespace namespace(String name) {
    int dot = name.indexOf('.');
    String database = dot < 0 ? name : name.substring(0, dot);
    String collection = dot < 0 ? "" : name.substring(dot + 1);
    if (database.isEmpty() || collection.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "Invalid namespace specified for bulkWrite: '" + database + "'");
    }
    return new Namespace(database, collection);
  }

  private static int batchSize(BsonDocument cursor) {
    if (cursor == null) {
      return Integer.MAX_VALUE;
    }
    CURSOR_FIELDS.checkStatements(List.of(cursor));
    return new CommandArguments("bulkWrite.cursor", cursor)
        .nonNegativeInt("batchSize", Integer.MAX_VALUE);
  }

  /**
   * MongoDB's privileges for it: on each namespace, the actions of the operations on it ({@code
   * insert}; {@code update}, with {@code insert} for an upsert; {@code remove}), and {@code
   * bypassDocumentValidation} on every one when it is asked for.
   */
  Access access() {
    Map<Integer, Set<ActionType>> actions = new TreeMap<>();
    for (BulkWriteOp op : ops) {
      actions.computeIfAbsent(op.ns(), ns -> EnumSet.noneOf(ActionType.class)).addAll(op.actions());
    }
    if (bypassDocumentValidation) {
      for (int ns = 0; ns < namespaces.size(); ns++) {
        actions
            .computeIfAbsent(ns, n -> EnumSet.noneOf(ActionType.class))
            .add(ActionType.BYPASS_DOCUMENT_VALIDATION);
      }
    }
    List<Privilege> privileges = new ArrayList<>();
    actions.forEach(
        (ns, needed) ->
            privileges.add(new Privilege(Resource.collection(namespaces.get(ns)), needed)));
    return new Access.Privileges(privileges);
  }
}
