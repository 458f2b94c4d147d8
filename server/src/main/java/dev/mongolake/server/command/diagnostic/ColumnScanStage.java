package dev.mongolake.server.command.diagnostic;

import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Explain's leaf for a read that goes by Parquet column batches: MongoDB's {@code COLUMN_SCAN}
 * stage name in place of {@code COLLSCAN}, with the promoted columns read (a {@code columns} array,
 * not a MongoDB field). The engine says which reads go so (a leading {@code $group}, a count, a
 * sort with a limit over promoted columns); their filter, counts and table-scan figures stay as the
 * scan reports them.
 */
final class ColumnScanStage {
  private ColumnScanStage() {}

  /**
   * Relabels the {@code COLLSCAN} at the bottom of {@code plan} when {@code columns} is present.
   */
  static BsonDocument mark(BsonDocument plan, Optional<List<String>> columns) {
    if (plan == null || columns.isEmpty()) {
      return plan;
    }
    BsonDocument stage = plan;
    while (!"COLLSCAN".equals(name(stage))
        && stage.get("inputStage") instanceof BsonDocument input) {
      stage = input;
    }
    if ("COLLSCAN".equals(name(stage))) {
      stage.put("stage", new BsonString("COLUMN_SCAN"));
      BsonArray paths = new BsonArray();
      columns.get().forEach(column -> paths.add(new BsonString(column)));
      stage.put("columns", paths);
    }
    return plan;
  }

  private static String name(BsonDocument stage) {
    BsonValue name = stage.get("stage");
    return name != null && name.isString() ? name.asString().getValue() : null;
  }
}
