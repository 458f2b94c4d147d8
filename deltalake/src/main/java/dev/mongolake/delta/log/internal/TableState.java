package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DomainMetadata;
import dev.mongolake.delta.log.FileKey;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.log.SetTransaction;
import java.util.Map;

/**
 * The reconciled file-level state of one version: live files, tombstones, writer progress and
 * metadata domains. Maps are unmodifiable.
 */
public record TableState(
    Map<FileKey, AddFile> files,
    Map<FileKey, RemoveFile> tombstones,
    Map<String, SetTransaction> transactions,
    Map<String, DomainMetadata> domains) {}
