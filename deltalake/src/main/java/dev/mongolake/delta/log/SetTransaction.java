package dev.mongolake.delta.log;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The {@code txn} action: the progress of an idempotent writer.
 *
 * @param appId the writer's unique id
 * @param version the writer's own progress marker
 * @param lastUpdated milliseconds since the epoch, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SetTransaction(String appId, long version, Long lastUpdated) implements Action {}
