package dev.mongolake.delta.log;

/**
 * The primary key of a logical file in action reconciliation.
 *
 * @param path the action's path exactly as written in the log
 * @param deletionVectorId the deletion vector's unique id, or null
 */
public record FileKey(String path, String deletionVectorId) {}
