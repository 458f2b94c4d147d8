package dev.mongolake.delta;

import dev.mongolake.delta.exceptions.AppendOnlyViolationException;
import dev.mongolake.delta.exceptions.CommitStateUnknownException;
import dev.mongolake.delta.exceptions.ConcurrentModificationException;
import dev.mongolake.delta.exceptions.UnsupportedTableFeatureException;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.AddCdcFile;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DomainMetadata;
import dev.mongolake.delta.log.FileKey;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.log.SetTransaction;
import dev.mongolake.delta.log.internal.ConflictChecker;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One optimistic transaction on a table: the actions to commit, what they were based on, and what
 * was read (for conflict detection). Build it, then call {@link #commit()} once.
 *
 * <p>A transaction that only adds files (a blind append) never conflicts with other appends: when
 * it loses the race for a version it is retried at the next one. Declaring reads ({@link
 * #readFiles}, {@link #readWholeTable}) or removing files makes it conflict with commits that
 * removed those files (or, for whole-table reads, added any). A {@link #setTransaction txn} makes
 * the commit idempotent: if the table already records that writer at that progress or beyond,
 * nothing is written.
 *
 * <p>Not thread-safe: one thread builds and commits a transaction.
 */
public final class Transaction {
  private final DeltaTable table;
  private final Snapshot readSnapshot;
  private final List<AddFile> adds = new ArrayList<>();
  private final List<RemoveFile> removes = new ArrayList<>();
  private final List<AddCdcFile> cdcFiles = new ArrayList<>();
  private final Map<String, SetTransaction> transactions = new LinkedHashMap<>();
  private final Map<String, DomainMetadata> domains = new LinkedHashMap<>();
  private final Set<FileKey> read = new HashSet<>();
  private boolean readWholeTable;
  private Protocol newProtocol;
  private Metadata newMetadata;
  private String operation = "WRITE";
  private Map<String, Object> operationParameters = Map.of();
  private boolean committed;

  Transaction(DeltaTable table, Snapshot readSnapshot) {
    this.table = table;
    this.readSnapshot = readSnapshot;
  }

  /** The snapshot this transaction reads and builds on (null when it creates the table). */
  public Snapshot readSnapshot() {
    return readSnapshot;
  }

  /** Adds data files. */
  public Transaction add(Collection<AddFile> files) {
    adds.addAll(files);
    return this;
  }

  public Transaction add(AddFile file) {
    adds.add(file);
    return this;
  }

  /** Removes a live file; the tombstone's deletion time comes from the table's clock. */
  public Transaction remove(AddFile file) {
    removes.add(file.toRemove(table.options().clock().millis(), true));
    return this;
  }

  /** Adds an explicit remove action. */
  public Transaction remove(RemoveFile file) {
    removes.add(file);
    return this;
  }

  /** Adds a change data file ({@code cdc} action). */
  public Transaction addChangeData(AddCdcFile file) {
    cdcFiles.add(file);
    return this;
  }

  /** Records an idempotent writer's progress; see the class documentation. */
  public Transaction setTransaction(String appId, long version) {
    transactions.put(appId, new SetTransaction(appId, version, table.options().clock().millis()));
    return this;
  }

  /** Sets or (with {@code removed}) tombstones a metadata domain. */
  public Transaction domainMetadata(DomainMetadata domain) {
    domains.put(domain.domain(), domain);
    return this;
  }

  /** Replaces the table metadata (schema, partitioning, configuration). */
  public Transaction updateMetadata(Metadata metadata) {
    this.newMetadata = metadata;
    return this;
  }

  /** Replaces the table protocol. */
  public Transaction updateProtocol(Protocol protocol) {
    this.newProtocol = protocol;
    return this;
  }

  /** Declares that the outcome depends on these files: a concurrent removal of one conflicts. */
  public Transaction readFiles(Collection<AddFile> files) {
    files.forEach(f -> read.add(f.key()));
    return this;
  }

  /** Declares that the outcome depends on the whole table: concurrent adds or removes conflict. */
  public Transaction readWholeTable() {
    readWholeTable = true;
    return this;
  }

  /** The operation name and parameters recorded in {@code commitInfo} (default {@code WRITE}). */
  public Transaction operation(String name, Map<String, Object> parameters) {
    this.operation = name;
    this.operationParameters = Map.copyOf(parameters);
    return this;
  }

  /**
   * Commits: writes the next version, retrying at later versions while concurrent commits do not
   * conflict.
   *
   * @return the version written, or {@link CommitResult.Status#ALREADY_COMMITTED} for a replayed
   *     idempotent commit
   * @throws ConcurrentModificationException (a subtype) when a concurrent commit conflicts
   * @throws CommitStateUnknownException when storage failed and the log could not be read back
   * @throws UnsupportedTableFeatureException when the table uses features this library cannot write
   * @throws AppendOnlyViolationException when removing data from an append-only table
   * @throws IllegalStateException when called twice
   */
  public CommitResult commit() {
    if (committed) {
      throw new IllegalStateException("Cannot commit: this transaction was already committed");
    }
    committed = true;
    return new CommitLoop(table, this).run();
  }

  // Accessors for the commit loop (same package).

  Protocol newProtocol() {
    return newProtocol;
  }

  Metadata newMetadata() {
    return newMetadata;
  }

  List<AddFile> adds() {
    return adds;
  }

  List<RemoveFile> removes() {
    return removes;
  }

  List<AddCdcFile> cdcFiles() {
    return cdcFiles;
  }

  Map<String, SetTransaction> transactions() {
    return transactions;
  }

  Map<String, DomainMetadata> domains() {
    return domains;
  }

  String operationName() {
    return operation;
  }

  Map<String, Object> operationParameters() {
    return operationParameters;
  }

  ConflictChecker conflictChecker() {
    Set<FileKey> removed = new HashSet<>();
    removes.forEach(r -> removed.add(r.key()));
    Set<FileKey> readKeys = new HashSet<>(read);
    readKeys.addAll(removed);
    return new ConflictChecker(
        removed,
        readKeys,
        readWholeTable,
        Set.copyOf(transactions.keySet()),
        Set.copyOf(domains.keySet()));
  }

  /** The actions after commitInfo, in the order they are written. */
  List<Action> bodyActions() {
    List<Action> actions = new ArrayList<>();
    if (newProtocol != null) {
      actions.add(newProtocol);
    }
    if (newMetadata != null) {
      actions.add(newMetadata);
    }
    actions.addAll(transactions.values());
    actions.addAll(domains.values());
    actions.addAll(removes);
    actions.addAll(adds);
    actions.addAll(cdcFiles);
    return actions;
  }
}
