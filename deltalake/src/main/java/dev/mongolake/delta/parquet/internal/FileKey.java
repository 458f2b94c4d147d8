package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.storage.Storage;

/**
 * One immutable file: the storage it is in (by identity), its path there and its length. The length
 * keeps a file that was deleted and written again under the same name from matching stale parts,
 * should that ever happen to a file that is not a Delta data file.
 */
public record FileKey(Storage storage, String path, long length) {}
