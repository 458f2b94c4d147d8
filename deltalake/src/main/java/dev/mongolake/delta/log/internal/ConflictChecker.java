package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.exceptions.ConcurrentAppendException;
import dev.mongolake.delta.exceptions.ConcurrentDeleteDeleteException;
import dev.mongolake.delta.exceptions.ConcurrentDeleteReadException;
import dev.mongolake.delta.exceptions.ConcurrentDomainMetadataException;
import dev.mongolake.delta.exceptions.ConcurrentTransactionException;
import dev.mongolake.delta.exceptions.MetadataChangedException;
import dev.mongolake.delta.exceptions.ProtocolChangedException;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DomainMetadata;
import dev.mongolake.delta.log.FileKey;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.log.SetTransaction;
import java.util.List;
import java.util.Set;

/**
 * Delta's optimistic concurrency rules: decides whether a transaction that lost the race for a
 * version may be retried on top of the winning commit, or conflicts with it.
 *
 * <p>Blind appends (no reads, no removes, no metadata change) never conflict with appends. A
 * winning protocol or metadata change conflicts with everything; a winning remove conflicts with a
 * transaction that removed or read that file; a winning add conflicts with a transaction that read
 * the whole table; a winning txn for the same appId or domainMetadata for the same domain
 * conflicts.
 *
 * @param removed keys of the files this transaction removes
 * @param read keys of the files this transaction read
 * @param readWholeTable whether the transaction's outcome depends on every live file
 * @param appIds idempotent writers this transaction records progress for
 * @param domains metadata domains this transaction changes
 */
public record ConflictChecker(
    Set<FileKey> removed,
    Set<FileKey> read,
    boolean readWholeTable,
    Set<String> appIds,
    Set<String> domains) {

  /** Throws the matching {@code ConcurrentModificationException} subtype, or returns normally. */
  public void check(long winningVersion, List<Action> winner) {
    for (Action action : winner) {
      switch (action) {
        case Protocol p ->
            throw new ProtocolChangedException(
                "Cannot commit: version " + winningVersion + " changed the table protocol");
        case Metadata m ->
            throw new MetadataChangedException(
                "Cannot commit: version " + winningVersion + " changed the table metadata");
        case SetTransaction txn when appIds.contains(txn.appId()) ->
            throw new ConcurrentTransactionException(
                "Cannot commit: version "
                    + winningVersion
                    + " recorded progress for the same writer "
                    + txn.appId());
        case DomainMetadata d when domains.contains(d.domain()) ->
            throw new ConcurrentDomainMetadataException(
                "Cannot commit: version "
                    + winningVersion
                    + " changed metadata domain "
                    + d.domain());
        case RemoveFile r when removed.contains(r.key()) ->
            throw new ConcurrentDeleteDeleteException(
                "Cannot commit: version " + winningVersion + " also removed file " + r.path());
        case RemoveFile r when readWholeTable || read.contains(r.key()) ->
            throw new ConcurrentDeleteReadException(
                "Cannot commit: version "
                    + winningVersion
                    + " removed file "
                    + r.path()
                    + " that was read");
        case AddFile a when readWholeTable && a.dataChange() ->
            throw new ConcurrentAppendException(
                "Cannot commit: version "
                    + winningVersion
                    + " added file "
                    + a.path()
                    + " to data that was read");
        default -> {
          // no conflict from this action
        }
      }
    }
  }
}
