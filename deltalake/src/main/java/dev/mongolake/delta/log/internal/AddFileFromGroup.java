package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.GroupType;

/**
 * Builds {@code add} actions straight from checkpoint rows. Checkpoints of large tables are almost
 * all {@code add} rows, so skipping the generic JSON route for them makes snapshot loads several
 * times cheaper; every other action still goes through the JSON decoder.
 */
final class AddFileFromGroup {
  private AddFileFromGroup() {}

  static AddFile add(Group add) {
    return new AddFile(
        string(add, "path"),
        stringMap(add, "partitionValues"),
        longValue(add, "size", 0),
        longValue(add, "modificationTime", 0),
        booleanValue(add, "dataChange"),
        string(add, "stats"),
        has(add, "tags") ? stringMap(add, "tags") : null,
        has(add, "deletionVector") ? deletionVector(add.getGroup("deletionVector", 0)) : null,
        has(add, "baseRowId") ? add.getLong("baseRowId", 0) : null,
        has(add, "defaultRowCommitVersion") ? add.getLong("defaultRowCommitVersion", 0) : null,
        string(add, "clusteringProvider"));
  }

  private static DeletionVectorDescriptor deletionVector(Group dv) {
    return new DeletionVectorDescriptor(
        string(dv, "storageType"),
        string(dv, "pathOrInlineDv"),
        has(dv, "offset") ? dv.getInteger("offset", 0) : null,
        has(dv, "sizeInBytes") ? dv.getInteger("sizeInBytes", 0) : 0,
        longValue(dv, "cardinality", 0),
        has(dv, "maxRowIndex") ? dv.getLong("maxRowIndex", 0) : null);
  }

  private static boolean has(Group group, String field) {
    GroupType type = group.getType();
    return type.containsField(field) && group.getFieldRepetitionCount(field) > 0;
  }

  private static String string(Group group, String field) {
    return has(group, field) ? group.getString(field, 0) : null;
  }

  private static long longValue(Group group, String field, long fallback) {
    return has(group, field) ? group.getLong(field, 0) : fallback;
  }

  private static boolean booleanValue(Group group, String field) {
    return has(group, field) && group.getBoolean(field, 0);
  }

  private static Map<String, String> stringMap(Group group, String field) {
    Map<String, String> map = new LinkedHashMap<>();
    if (!has(group, field)) {
      return map;
    }
    Group container = group.getGroup(field, 0);
    if (container.getType().getFieldCount() == 0) {
      return map;
    }
    for (int i = 0; i < container.getFieldRepetitionCount(0); i++) {
      Group entry = container.getGroup(0, i);
      String key = entry.getString(0, 0);
      boolean hasValue =
          entry.getType().getFieldCount() > 1 && entry.getFieldRepetitionCount(1) > 0;
      map.put(key, hasValue ? entry.getString(1, 0) : null);
    }
    return map;
  }
}
