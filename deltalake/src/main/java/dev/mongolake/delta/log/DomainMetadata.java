package dev.mongolake.delta.log;

/**
 * The {@code domainMetadata} action: configuration of a named metadata domain; {@code removed}
 * makes it a tombstone.
 */
public record DomainMetadata(String domain, String configuration, boolean removed)
    implements Action {}
