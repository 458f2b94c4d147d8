package dev.mongolake.server.command;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * MongoDB's logical session cache: every session the server has seen, with its owner and when it
 * was last used. A command sent in a session, {@code startSession} and {@code refreshSessions} keep
 * it alive; one unused for {@link #timeout()} ({@code logicalSessionTimeoutMinutes}) expires when
 * {@link #reapExpired()} next runs. Ending a session ({@code endSessions}, {@code killSessions},
 * {@code killAllSessions}, expiry) kills its cursors and forgets its retryable writes.
 *
 * <p>A session is also what one command at a time checks out to run a retryable write ({@link
 * #checkout}), as MongoDB runs one operation of a session at a time.
 *
 * <p>Thread-safe.
 */
public final class LogicalSessionCache {

  /** One session: its owners (the users that started it, none while auth is off) and last use. */
  private static final class Entry {
    final Set<String> owners;
    final ReentrantLock checkout = new ReentrantLock();
    volatile Instant lastUse;

    Entry(Set<String> owners, Instant lastUse) {
      this.owners = Set.copyOf(owners);
      this.lastUse = lastUse;
    }

    boolean usableBy(Set<String> users) {
      return owners.isEmpty() ? users.isEmpty() : owners.stream().anyMatch(users::contains);
    }
  }

  private final Clock clock;
  private final Duration timeout;
  private final CursorRegistry cursors;
  private final Map<LogicalSessionId, Entry> sessions = new ConcurrentHashMap<>();
  private volatile Consumer<UUID> whenEnded = id -> {};

  /**
   * @param timeout how long a session lives unused
   * @param cursors whose cursors an ended session takes with it
   */
  public LogicalSessionCache(Clock clock, Duration timeout, CursorRegistry cursors) {
    this.clock = clock;
    this.timeout = timeout;
    this.cursors = cursors;
  }

  /** What else an ended session takes with it (its retryable writes); set once, at start. */
  public void whenEnded(Consumer<UUID> action) {
    whenEnded = action;
  }

  /** {@code logicalSessionTimeoutMinutes}. */
  public Duration timeout() {
    return timeout;
  }

  /** Uses a session now: starts it if it is new (owned by {@code users}), else refreshes it. */
  public void touch(LogicalSessionId id, Set<String> users) {
    use(id, users);
  }

  private Entry use(LogicalSessionId id, Set<String> users) {
    Instant now = clock.instant();
    return sessions.compute(
        id,
        (key, entry) -> {
          if (entry == null) {
            return new Entry(users, now);
          }
          entry.lastUse = now;
          return entry;
        });
  }

  /**
   * A session known from before a restart (its retryable writes are in the log), last used at
   * {@code lastUse}: it expires a timeout after that unless used again.
   */
  public void restore(UUID id, Instant lastUse) {
    sessions.putIfAbsent(new LogicalSessionId(id), new Entry(Set.of(), lastUse));
    // A restored session has no known owner: with auth on, only killAllSessions or expiry end it.
  }

  /** Whether the cache holds the session. */
  public boolean contains(LogicalSessionId id) {
    return sessions.containsKey(id);
  }

  /** How many sessions the cache holds ({@code serverStatus.logicalSessionRecordCache}). */
  public int size() {
    return sessions.size();
  }

  /**
   * Takes the session for one command, waiting while another command of it runs; the caller unlocks
   * the returned lock when its command is done.
   */
  public ReentrantLock checkout(LogicalSessionId id, Set<String> users) {
    Entry entry = use(id, users);
    entry.checkout.lock();
    return entry.checkout;
  }

  /**
   * Ends the listed sessions that {@code users} may use ({@code endSessions}, {@code
   * killSessions}): sessions the cache does not hold are ignored, as in MongoDB.
   *
   * @return how many cursors that killed
   */
  public int end(Collection<LogicalSessionId> ids, Set<String> users) {
    List<LogicalSessionId> ended = new ArrayList<>();
    for (LogicalSessionId id : ids) {
      Entry entry = sessions.get(id);
      if (entry != null && entry.usableBy(users) && sessions.remove(id, entry)) {
        ended.add(id);
      }
    }
    ended.forEach(id -> whenEnded.accept(id.id()));
    // Cursors of a listed session the cache no longer held (expired meanwhile) go too.
    return cursors.killSessions(new HashSet<>(ids), users);
  }

  /** Ends every session {@code users} may use ({@code killSessions: []}). */
  public int endAllOf(Set<String> users) {
    endIf(entry -> entry.usableBy(users));
    return cursors.killSessionsOf(users);
  }

  /** Ends every session whose owners {@code ownedBy} accepts ({@code killAllSessions}). */
  public int killAll(Predicate<Set<String>> ownedBy) {
    endIf(entry -> ownedBy.test(entry.owners));
    return cursors.killAllSessions(ownedBy);
  }

  /**
   * Ends every session that {@code matches} accepts, given its id and owners ({@code
   * killAllSessionsByPattern}), with the cursors opened in such a session.
   *
   * @return how many cursors that killed
   */
  public int killMatching(BiPredicate<LogicalSessionId, Set<String>> matches) {
    List<LogicalSessionId> ended = new ArrayList<>();
    for (Map.Entry<LogicalSessionId, Entry> session : sessions.entrySet()) {
      if (matches.test(session.getKey(), session.getValue().owners)
          && sessions.remove(session.getKey(), session.getValue())) {
        ended.add(session.getKey());
      }
    }
    ended.forEach(id -> whenEnded.accept(id.id()));
    return cursors.killSessionsMatching(matches);
  }

  /**
   * Ends the sessions unused for longer than the timeout, with their cursors.
   *
   * @return how many sessions expired
   */
  public int reapExpired() {
    Instant cutoff = clock.instant().minus(timeout);
    List<LogicalSessionId> expired = endIf(entry -> entry.lastUse.isBefore(cutoff));
    if (!expired.isEmpty()) {
      cursors.killCursorsOfExpired(expired);
    }
    return expired.size();
  }

  private List<LogicalSessionId> endIf(Predicate<Entry> condition) {
    List<LogicalSessionId> ended = new ArrayList<>();
    for (Map.Entry<LogicalSessionId, Entry> session : sessions.entrySet()) {
      if (condition.test(session.getValue())
          && sessions.remove(session.getKey(), session.getValue())) {
        ended.add(session.getKey());
      }
    }
    ended.forEach(id -> whenEnded.accept(id.id()));
    return ended;
  }
}
