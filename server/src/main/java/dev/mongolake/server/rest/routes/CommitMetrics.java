package dev.mongolake.server.rest.routes;

import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.HistoryEntry;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.RemoveFile;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonInt64;

/**
 * What one commit changed, in the spirit of Delta's {@code operationMetrics}: a writer's own
 * metrics when it recorded them (Spark does), otherwise counted from the commit's file actions.
 */
record CommitMetrics(BsonDocument metrics) {

  private static final Pattern NUM_RECORDS = Pattern.compile("\"numRecords\"\\s*:\\s*(\\d+)");

  static CommitMetrics of(DeltaTable table, HistoryEntry entry) {
    Object recorded = entry.commitInfo().values().get("operationMetrics");
    if (recorded instanceof Map<?, ?> map && !map.isEmpty()) {
      @SuppressWarnings("unchecked")
      Map<String, Object> values = (Map<String, Object>) map;
      return new CommitMetrics(JavaValues.toDocument(values));
    }
    long addedFiles = 0;
    long removedFiles = 0;
    long addedBytes = 0;
    long outputRows = 0;
    try {
      for (Action action : table.commitActions(entry.version())) {
        if (action instanceof AddFile add) {
          addedFiles++;
          addedBytes += add.size();
          outputRows += records(add.stats());
        } else if (action instanceof RemoveFile) {
          removedFiles++;
        }
      }
    } catch (RuntimeException e) {
      // The commit file may be gone (log cleanup after a checkpoint): its metrics are unknown.
      return new CommitMetrics(new BsonDocument());
    }
    return new CommitMetrics(
        new BsonDocument("numAddedFiles", new BsonInt64(addedFiles))
            .append("numRemovedFiles", new BsonInt64(removedFiles))
            .append("numAddedBytes", new BsonInt64(addedBytes))
            .append("numOutputRows", new BsonInt64(outputRows)));
  }

  BsonDocument toDocument() {
    return metrics;
  }

  private static long records(String stats) {
    if (stats == null) {
      return 0;
    }
    Matcher matcher = NUM_RECORDS.matcher(stats);
    return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
  }
}
