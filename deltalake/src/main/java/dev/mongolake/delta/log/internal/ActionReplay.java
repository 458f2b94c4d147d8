package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DomainMetadata;
import dev.mongolake.delta.log.FileKey;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.log.SetTransaction;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Applies actions in log order with the protocol's reconciliation rules: the latest protocol and
 * metadata win; logical files are keyed by (path, deletion vector id) and the newest reference
 * wins, an add cancelling a tombstone and a remove cancelling an add; the latest txn per appId
 * wins; a removed domain drops the domain. Not thread-safe: one replay per snapshot.
 */
public final class ActionReplay {
  private final Map<FileKey, AddFile> files = new LinkedHashMap<>();
  private final Map<FileKey, RemoveFile> tombstones = new LinkedHashMap<>();
  private final Map<String, SetTransaction> transactions = new LinkedHashMap<>();
  private final Map<String, DomainMetadata> domains = new LinkedHashMap<>();
  private Protocol protocol;
  private Metadata metadata;

  /** Starts from an already reconciled state (for incremental refresh). */
  public void seed(TableState base) {
    files.putAll(base.files());
    tombstones.putAll(base.tombstones());
    transactions.putAll(base.transactions());
    domains.putAll(base.domains());
  }

  /** Applies the actions of one checkpoint or commit, in version order. */
  public void apply(Iterable<Action> actions) {
    for (Action action : actions) {
      switch (action) {
        case AddFile add -> {
          FileKey key = add.key();
          tombstones.remove(key);
          files.put(key, add);
        }
        case RemoveFile remove -> {
          FileKey key = remove.key();
          files.remove(key);
          tombstones.put(key, remove);
        }
        case SetTransaction txn -> transactions.put(txn.appId(), txn);
        case DomainMetadata domain -> {
          if (domain.removed()) {
            domains.remove(domain.domain());
          } else {
            domains.put(domain.domain(), domain);
          }
        }
        case Protocol p -> protocol = p;
        case Metadata m -> metadata = m;
        default -> {
          // commitInfo, cdc and checkpoint-only actions do not take part in reconciliation.
        }
      }
    }
  }

  public Protocol protocol() {
    return protocol;
  }

  public Metadata metadata() {
    return metadata;
  }

  public TableState state() {
    return new TableState(
        Collections.unmodifiableMap(files),
        Collections.unmodifiableMap(tombstones),
        Collections.unmodifiableMap(transactions),
        Collections.unmodifiableMap(domains));
  }
}
