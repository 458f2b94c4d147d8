package dev.mongolake;

/**
 * What a {@code collMod} of an index changed ({@link MongoLakeCollection#modifyIndex}): each
 * option's value before and after, {@code null} for an option the change did not name (and for a
 * TTL the index did not have before).
 */
public record IndexChange(
    Long expireAfterSecondsBefore,
    Long expireAfterSecondsAfter,
    Boolean hiddenBefore,
    Boolean hiddenAfter) {}
