package dev.mongolake.internal.wal;

import dev.mongolake.Namespace;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Which collection (by its UUID) each name meant at each record, for a reader that reads the log in
 * order (a change stream, the oplog view): the creates it reads name their collection, renames move
 * an identity to the new name, drops end it. A name the reader has not met yet is resolved by
 * {@link Current} once, and only where that answer is known to hold at the record.
 *
 * <p>Not thread-safe: one reader.
 */
public final class CollectionIdentities {

  /**
   * The identity a name has now, where no drop or rename after the record at {@code sequence} can
   * have changed it since; null where that is not known (the name is gone, or a drop or rename came
   * after).
   */
  @FunctionalInterface
  public interface Current {

    UUID at(Namespace namespace, long sequence);
  }

  /** No identities: every name unknown. */
  public static final Current NONE = (namespace, sequence) -> null;

  private final Current current;
  private final Map<Namespace, UUID> known = new HashMap<>();

  /**
   * @param current what a name means now (see {@link Current})
   * @param atOpen the identities every collection has when the reader opens, which hold from its
   *     position on (no drop or rename came after it); empty when they may not hold
   */
  public CollectionIdentities(Current current, Map<Namespace, UUID> atOpen) {
    this.current = current;
    this.known.putAll(atOpen);
  }

  /**
   * The identity of the collection the record at {@code sequence} changed (for a rename, its
   * source; for a create, the created one), or null if unknown. Records are read in log order.
   */
  public UUID of(WalRecord record, long sequence) {
    if (record instanceof WalRecord.Retryable retryable) {
      return of(retryable.change(), sequence);
    }
    if (record instanceof WalRecord.CreateCollection create && create.uuid() != null) {
      return create.uuid();
    }
    return before(record.namespace(), sequence);
  }

  /** The identity {@code namespace} had just before the record at {@code sequence}, or null. */
  public UUID before(Namespace namespace, long sequence) {
    UUID identity = known.get(namespace);
    if (identity == null) {
      identity = current.at(namespace, sequence - 1);
      if (identity != null) {
        known.put(namespace, identity);
      }
    }
    return identity;
  }

  /**
   * Takes in the record at {@code sequence}, read after every record before it: a create binds its
   * name, a rename moves the identity, a drop ends it.
   */
  public void follow(WalRecord record, long sequence) {
    switch (record) {
      case WalRecord.CreateCollection create -> {
        if (create.uuid() != null) {
          known.put(create.namespace(), create.uuid());
        } else {
          known.remove(create.namespace());
        }
      }
      case WalRecord.DropCollection drop -> known.remove(drop.namespace());
      case WalRecord.RenameCollection rename -> {
        UUID moved = before(rename.namespace(), sequence);
        known.remove(rename.namespace());
        if (moved != null) {
          known.put(rename.target(), moved);
        } else {
          known.remove(rename.target());
        }
      }
      case WalRecord.Retryable retryable -> follow(retryable.change(), sequence);
      case WalRecord.Transaction transaction ->
          transaction.changes().forEach(change -> follow(change, sequence));
      default -> {}
    }
  }

  /**
   * The identity of the collection the record at {@code sequence} changed, for a reader that reads
   * the log newest first (and only from {@link Current}, whose answers hold now): then takes the
   * record in. A drop's collection is not known so (its name may have come to mean another since).
   */
  public UUID ofBackwards(WalRecord record, long sequence) {
    switch (record) {
      case WalRecord.Retryable retryable -> {
        return ofBackwards(retryable.change(), sequence);
      }
      case WalRecord.CreateCollection create -> {
        known.remove(create.namespace());
        return create.uuid();
      }
      case WalRecord.DropCollection drop -> {
        known.remove(drop.namespace());
        return null;
      }
      case WalRecord.RenameCollection rename -> {
        UUID moved = known.get(rename.target());
        if (moved == null) {
          moved = current.at(rename.target(), sequence);
        }
        known.remove(rename.target());
        if (moved != null) {
          known.put(rename.namespace(), moved);
        } else {
          known.remove(rename.namespace());
        }
        return moved;
      }
      default -> {
        return before(record.namespace(), sequence);
      }
    }
  }
}
