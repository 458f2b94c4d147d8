package dev.mongolake;

import dev.mongolake.internal.engine.Engine;
import java.util.List;
import java.util.Optional;

/**
 * Branches of databases, Git-like versions of a database that share its Parquet files: a branch
 * {@code name} of database {@code app} is the database {@code app@name} (read and written through
 * {@link MongoLake#db(String)}, or a driver's {@code getDatabase("app@name")}), which began as
 * {@code app} was at a point. Its writes are invisible to {@code app} until merged; creating one
 * copies no data file (its tables are Delta shallow clones of the parent's table versions).
 *
 * <p>Thread-safe. Creations, comparisons, merges and deletions run one at a time and hold off
 * flushes while they run; a merge also holds off the parent's writers.
 */
public final class MongoLakeBranches {

  private final Engine engine;

  MongoLakeBranches(Engine engine) {
    this.engine = engine;
  }

  /**
   * Creates branch {@code name} of {@code database} as it is now.
   *
   * @throws MongoLakeException InvalidNamespace for a name with {@code @} or a database that is a
   *     branch, NamespaceNotFound for a database without collections, NamespaceExists for a branch
   *     that exists
   */
  public BranchInfo create(String database, String name) {
    return engine.branches().create(database, name, null);
  }

  /**
   * Creates branch {@code name} of {@code database} as it was at {@code point} (as far back as
   * {@link MongoLake#db(String, ReadAt)} reads).
   *
   * @throws MongoLakeException as {@link #create(String, String)}, and SnapshotTooOld or
   *     SnapshotUnavailable for a point the lake cannot rebuild
   */
  public BranchInfo create(String database, String name, ReadAt point) {
    return engine.branches().create(database, name, point.clusterTime().getValue());
  }

  /** The branches of {@code database}, by name. */
  public List<BranchInfo> list(String database) {
    return engine.branches().list(database);
  }

  /** Every branch of every database. */
  public List<BranchInfo> list() {
    return engine.branches().list(null);
  }

  /** The branch that the database name {@code database} ({@code <parent>@<name>}) addresses. */
  public Optional<BranchInfo> find(String database) {
    return engine.branches().find(database);
  }

  /**
   * What the branch and its parent each added, changed and removed since the branch's merge base
   * (its creation, or its last merge), per collection, with the documents both changed differently.
   *
   * @throws MongoLakeException NamespaceNotFound without the branch
   */
  public List<BranchDifference> diff(String database, String name) {
    return engine.branches().diff(database, name);
  }

  /**
   * Merges what the branch changed since its merge base into {@code database}, as one atomic
   * change; the branch stays, its merge base now the branch as merged.
   *
   * @throws MongoLakeException WriteConflict with {@link MergePolicy#FAIL} when documents conflict
   *     (nothing is merged), TransactionTooLarge for a merge larger than one log record,
   *     DuplicateKey when a unique index refuses the merged documents
   */
  public MergeResult merge(String database, String name, MergePolicy policy) {
    return engine.branches().merge(database, name, policy);
  }

  /**
   * Deletes the branch: its collections and its own files; the parent's files it referenced stay.
   *
   * @throws MongoLakeException NamespaceNotFound without the branch
   */
  public void delete(String database, String name) {
    engine.branches().delete(database, name);
  }
}
