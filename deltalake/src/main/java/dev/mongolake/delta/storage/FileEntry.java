package dev.mongolake.delta.storage;

/**
 * One file as a storage listing reports it.
 *
 * @param path the file's storage path ({@code /}-separated, relative to the storage root)
 * @param size the file's length in bytes
 * @param modificationTime last modification, milliseconds since the epoch
 */
public record FileEntry(String path, long size, long modificationTime) {}
