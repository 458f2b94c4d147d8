package dev.mongolake.delta;

import dev.mongolake.delta.log.CommitInfo;
import java.time.Instant;
import java.util.Map;

/**
 * One row of a table's history (Delta's {@code DESCRIBE HISTORY}).
 *
 * @param version the commit version
 * @param timestamp the commit timestamp (in-commit timestamp when enabled, else the commit file's
 *     modification time made strictly increasing)
 * @param operation the writer's operation name, or empty when the commit has no commitInfo
 * @param operationParameters the writer's operation parameters
 * @param commitInfo the whole commitInfo as written (empty when absent)
 */
public record HistoryEntry(
    long version,
    Instant timestamp,
    String operation,
    Map<String, Object> operationParameters,
    CommitInfo commitInfo) {}
