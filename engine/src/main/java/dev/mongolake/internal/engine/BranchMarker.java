package dev.mongolake.internal.engine;

import dev.mongolake.BranchInfo;
import dev.mongolake.bson.BoundedJson;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonTimestamp;

/**
 * What the lake keeps of a branch, one object per branch in the table storage ({@code
 * _mongolake/branches/<parent>@<name>}): its parent, when it forked and last merged, and its merge
 * base, the version of each of its collections' tables that both sides last agreed on (the fork, or
 * the last merge). The marker is written last when a branch is created and removed first when it is
 * deleted: a branch database without one is what an interrupted create or delete left behind.
 *
 * @param bases the merge base by collection name
 */
record BranchMarker(
    String name,
    String parent,
    long forkedAt,
    Long mergedAt,
    Map<String, Base> bases,
    Status status) {

  /**
   * Where the branch is in its life: a creation or deletion marks it first, so that opening the
   * lake after a crash finishes the deletion or undoes the creation, and never touches a database
   * it did not make.
   */
  enum Status {
    CREATING,
    READY,
    DELETING
  }

  /**
   * One collection's merge base.
   *
   * @param tableVersion the branch table's version that holds the base, or -1 for an empty one
   * @param parentTable the parent's table path whose files the branch's table began with, or null
   */
  record Base(long tableVersion, String parentTable) {}

  BranchMarker {
    bases = Map.copyOf(bases);
  }

  String database() {
    return parent + BranchInfo.SEPARATOR + name;
  }

  BranchInfo info() {
    return new BranchInfo(
        name,
        parent,
        new BsonTimestamp(forkedAt),
        mergedAt == null ? null : new BsonTimestamp(mergedAt),
        new ArrayList<>(new TreeMap<>(bases).keySet()));
  }

  BranchMarker mergedAt(long time, Map<String, Base> newBases) {
    return new BranchMarker(name, parent, forkedAt, time, newBases, status);
  }

  BranchMarker with(Status newStatus) {
    return new BranchMarker(name, parent, forkedAt, mergedAt, bases, newStatus);
  }

  byte[] bytes() {
    BsonDocument collections = new BsonDocument();
    new TreeMap<>(bases)
        .forEach(
            (collection, base) -> {
              BsonDocument entry =
                  new BsonDocument("tableVersion", new BsonInt64(base.tableVersion));
              if (base.parentTable != null) {
                entry.append("parentTable", new BsonString(base.parentTable));
              }
              collections.append(collection, entry);
            });
    BsonDocument out =
        new BsonDocument("name", new BsonString(name))
            .append("parent", new BsonString(parent))
            .append("forkedAt", new BsonInt64(forkedAt))
            .append("status", new BsonString(status.name().toLowerCase(java.util.Locale.ROOT)))
            .append("collections", collections);
    if (mergedAt != null) {
      out.append("mergedAt", new BsonInt64(mergedAt));
    }
    return out.toJson().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Reads a marker.
   *
   * @throws RuntimeException (BSON or JSON errors) for one that is damaged
   */
  static BranchMarker parse(byte[] bytes) {
    BsonDocument in = BoundedJson.parseDocument(new String(bytes, StandardCharsets.UTF_8));
    Map<String, Base> bases = new TreeMap<>();
    in.getDocument("collections")
        .forEach(
            (collection, value) -> {
              BsonDocument entry = value.asDocument();
              bases.put(
                  collection,
                  new Base(
                      entry.getNumber("tableVersion").longValue(),
                      entry.isString("parentTable")
                          ? TableCatalog.requireTablePath(entry.getString("parentTable").getValue())
                          : null));
            });
    return new BranchMarker(
        in.getString("name").getValue(),
        in.getString("parent").getValue(),
        in.getNumber("forkedAt").longValue(),
        in.isNumber("mergedAt") ? in.getNumber("mergedAt").longValue() : null,
        bases,
        Status.valueOf(in.getString("status").getValue().toUpperCase(java.util.Locale.ROOT)));
  }
}
