package dev.mongolake.internal.engine;

import dev.mongolake.Namespace;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.BsonValue;

/**
 * Which open transaction writes which document: a second transaction that writes the same one fails
 * with a write conflict at once, as in MongoDB, rather than at its commit. Thread-safe.
 */
final class TransactionLocks {

  private record DocumentKey(Namespace namespace, BsonValue id) {}

  private final Map<DocumentKey, EngineTransaction> holders = new ConcurrentHashMap<>();
  private final Map<EngineTransaction, Set<DocumentKey>> held = new ConcurrentHashMap<>();

  /** Takes the document for {@code transaction}; false when another open transaction holds it. */
  boolean tryLock(EngineTransaction transaction, Namespace namespace, BsonValue id) {
    DocumentKey key = new DocumentKey(namespace, id);
    EngineTransaction holder = holders.putIfAbsent(key, transaction);
    if (holder == null) {
      held.computeIfAbsent(transaction, t -> ConcurrentHashMap.newKeySet()).add(key);
      return true;
    }
    return holder == transaction;
  }

  /** Releases every document {@code transaction} holds (it committed or aborted). */
  void releaseAll(EngineTransaction transaction) {
    Set<DocumentKey> keys = held.remove(transaction);
    if (keys != null) {
      keys.forEach(key -> holders.remove(key, transaction));
    }
  }

  /** How many documents open transactions hold (for tests and metrics). */
  int size() {
    return holders.size();
  }
}
