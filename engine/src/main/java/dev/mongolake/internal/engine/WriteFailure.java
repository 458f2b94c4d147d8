package dev.mongolake.internal.engine;

import dev.mongolake.MongoLakeException;

/** One document of a batch write that failed, and why. */
public record WriteFailure(int index, MongoLakeException error) {}
