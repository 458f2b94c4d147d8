/**
 * Where tables live: the {@link dev.mongolake.delta.storage.Storage} interface, the rules every
 * backend applies to paths ({@link dev.mongolake.delta.storage.StoragePaths}), the built-in
 * backends ({@link dev.mongolake.delta.storage.MemoryStorage}, {@link
 * dev.mongolake.delta.storage.FileSystemStorage}), and the {@link
 * dev.mongolake.delta.storage.StorageProvider} SPI through which other modules (S3) plug in.
 *
 * <p>{@link dev.mongolake.delta.storage.Storage#writeIfAbsent} is the one atomic primitive Delta
 * commits rely on; its outcome is yes, no, or {@link
 * dev.mongolake.delta.storage.StorageOutcomeUnknownException}, never a guess.
 */
package dev.mongolake.delta.storage;
