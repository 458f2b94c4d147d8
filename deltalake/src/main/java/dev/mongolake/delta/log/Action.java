package dev.mongolake.delta.log;

/**
 * One action of the Delta transaction log, as one line of a commit file or one row of a checkpoint.
 * Actions are immutable values; {@link ActionCodec} reads and writes them.
 */
public sealed interface Action
    permits Protocol,
        Metadata,
        FileAction,
        AddCdcFile,
        CommitInfo,
        SetTransaction,
        DomainMetadata,
        CheckpointMetadata,
        Sidecar {}
