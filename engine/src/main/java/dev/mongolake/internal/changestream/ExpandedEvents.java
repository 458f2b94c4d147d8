package dev.mongolake.internal.changestream;

import dev.mongolake.Namespace;
import dev.mongolake.internal.wal.WalRecord;
import java.util.UUID;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * The catalog events a change stream shows with {@code showExpandedEvents}, shaped as MongoDB 7 and
 * 8 shape them: {@code create} (its {@code operationDescription} holds the collection's options and
 * its {@code idIndex}; {@code nsType} says it is a collection), {@code createIndexes} and {@code
 * dropIndexes} (the indexes' specifications in {@code operationDescription.indexes}), and {@code
 * modify} for a {@code collMod} (what changed in {@code operationDescription}, what it was in
 * {@code stateBeforeChange}); also a rename's {@code operationDescription}.
 */
final class ExpandedEvents {

  private ExpandedEvents() {}

  /** The operation type of a record's event. */
  static String type(WalRecord record) {
    return switch (record) {
      case WalRecord.CreateCollection create -> "create";
      case WalRecord.CreateIndex create -> create.before() == null ? "createIndexes" : "modify";
      case WalRecord.DropIndex drop -> "dropIndexes";
      case WalRecord.ModifyCollection modify -> "modify";
      default -> "unknown";
    };
  }

  /**
   * The event of a catalog record, completing {@code header} ({@code _id}, {@code operationType},
   * times); null for a record that has none.
   *
   * @param uuid the collection's identity, or null if unknown
   */
  static BsonDocument of(WalRecord record, BsonDocument header, Namespace ns, UUID uuid) {
    BsonDocument event = header.append("ns", ChangeEvents.ns(ns));
    return switch (record) {
      case WalRecord.CreateCollection create ->
          // What the create made, as MongoDB 8.1 says (a view or a time series would say so).
          event
              .append("nsType", new BsonString("collection"))
              .append("operationDescription", createDescription(create));
      case WalRecord.CreateIndex create when create.before() == null ->
          event.append(
              "operationDescription",
              new BsonDocument("indexes", new BsonArray(java.util.List.of(create.spec()))));
      case WalRecord.CreateIndex redefined -> indexModified(event, redefined, uuid);
      case WalRecord.DropIndex drop ->
          event.append(
              "operationDescription",
              new BsonDocument(
                  "indexes",
                  new BsonArray(
                      java.util.List.of(
                          drop.spec() != null
                              ? drop.spec()
                              : new BsonDocument("name", new BsonString(drop.name()))))));
      case WalRecord.ModifyCollection modify -> collectionModified(event, modify, uuid);
      default -> null;
    };
  }

  /** A rename's description: its target, and the identity of the collection it dropped there. */
  static BsonDocument renameDescription(WalRecord.RenameCollection rename, UUID droppedTarget) {
    BsonDocument description = new BsonDocument("to", ChangeEvents.ns(rename.target()));
    if (rename.dropTarget() && droppedTarget != null) {
      description.append("dropTarget", new BsonBinary(droppedTarget));
    }
    return description;
  }

  private static BsonDocument createDescription(WalRecord.CreateCollection create) {
    BsonDocument description = create.options().clone();
    BsonDocument idIndex =
        new BsonDocument("v", new BsonInt32(2))
            .append("key", new BsonDocument("_id", new BsonInt32(1)))
            .append("name", new BsonString("_id_"));
    if (create.options().isDocument("collation")) {
      idIndex.append("collation", create.options().getDocument("collation"));
    }
    description.append("idIndex", idIndex);
    return description;
  }

  /**
   * {@code collMod}'s new options: those that differ from before (new or changed) in {@code
   * operationDescription}, the options before in {@code stateBeforeChange.collectionOptions}.
   */
  private static BsonDocument collectionModified(
      BsonDocument event, WalRecord.ModifyCollection modify, UUID uuid) {
    BsonDocument before = modify.before();
    BsonDocument changed = new BsonDocument();
    modify
        .options()
        .forEach(
            (name, value) -> {
              if (before == null || !value.equals(before.get(name))) {
                changed.append(name, value);
              }
            });
    event.append("operationDescription", changed);
    if (before != null) {
      event.append(
          "stateBeforeChange", new BsonDocument("collectionOptions", withUuid(before, uuid)));
    }
    return event;
  }

  /**
   * {@code collMod}'s new TTL or visibility of an index: {@code operationDescription.index} names
   * it with its new values, {@code stateBeforeChange.indexOptions} has the old ones.
   */
  private static BsonDocument indexModified(
      BsonDocument event, WalRecord.CreateIndex redefined, UUID uuid) {
    BsonDocument index = new BsonDocument("name", redefined.spec().get("name"));
    BsonDocument old = new BsonDocument();
    for (String option : java.util.List.of("expireAfterSeconds", "hidden")) {
      var now = redefined.spec().get(option);
      var then = redefined.before().get(option);
      if (now == null ? then != null : !now.equals(then)) {
        // An index without hidden is shown; one without a TTL has none to report.
        boolean flag = option.equals("hidden");
        if (now != null || flag) {
          index.append(option, now == null ? org.bson.BsonBoolean.FALSE : now);
        }
        if (then != null || flag) {
          old.append(option, then == null ? org.bson.BsonBoolean.FALSE : then);
        }
      }
    }
    event.append("operationDescription", new BsonDocument("index", index));
    return event.append(
        "stateBeforeChange",
        new BsonDocument("collectionOptions", withUuid(new BsonDocument(), uuid))
            .append("indexOptions", old));
  }

  private static BsonDocument withUuid(BsonDocument options, UUID uuid) {
    BsonDocument out = new BsonDocument();
    if (uuid != null) {
      out.append("uuid", new BsonBinary(uuid));
    }
    options.forEach(out::append);
    return out;
  }
}
