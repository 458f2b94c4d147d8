package dev.mongolake.server.command;

import dev.mongolake.RetryableWrites;
import java.time.Instant;
import java.util.function.Supplier;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.types.ObjectId;

/**
 * This server as the primary of a replica set of one: its name, the {@code host:port} it
 * advertises, and its times, which are the write-ahead log's (every log record carries a BSON
 * Timestamp, see docs/architecture.md): the op time of the last write is the last record's time,
 * the majority op time that of the last durable record, and the cluster time the later of the last
 * write's time and the second the server started (so that it is never zero).
 *
 * <p>There is one member and one term, so the election is the start of the process: {@code
 * electionId} is MongoDB's for term 1 and never changes while the server runs. Thread-safe.
 */
public final class ReplicaSetMember {

  /** The only term: one member, elected once. */
  public static final long TERM = 1;

  /** The set's config version. */
  public static final int CONFIG_VERSION = 1;

  /** MongoDB's electionId for a protocol-version-1 term: {@code 7fffffff} then the term. */
  private static final ObjectId ELECTION_ID = new ObjectId("7fffffff0000000000000001");

  private final ServerTransactions transactions;
  private final String name;
  private final Supplier<String> host;
  private final Supplier<BsonTimestamp> lastWrite;
  private final Supplier<BsonTimestamp> durableWrite;
  private final BsonTimestamp started;
  private final ObjectId replicaSetId;
  private final RetryableWrites retryableWrites;
  private final Runnable syncLog;

  /**
   * @param name the set's name
   * @param host the advertised {@code host:port}, asked each time (it is known once the server is
   *     bound)
   * @param lastWrite the log time of the last write
   * @param durableWrite the log time of the last durable write
   * @param startTime when the server started
   * @param retryableWrites which statements of retryable writes ran
   * @param transactions the sessions' multi-document transactions
   * @param syncLog makes every write logged so far durable
   */
  public ReplicaSetMember(
      String name,
      Supplier<String> host,
      Supplier<BsonTimestamp> lastWrite,
      Supplier<BsonTimestamp> durableWrite,
      Instant startTime,
      RetryableWrites retryableWrites,
      ServerTransactions transactions,
      Runnable syncLog) {
    this.retryableWrites = retryableWrites;
    this.transactions = transactions;
    this.syncLog = syncLog;
    this.name = name;
    this.host = host;
    this.lastWrite = lastWrite;
    this.durableWrite = durableWrite;
    this.started = new BsonTimestamp((int) startTime.getEpochSecond(), 0);
    this.replicaSetId = new ObjectId();
  }

  public String name() {
    return name;
  }

  /** The advertised {@code host:port}: the set's only host, its primary, and {@code me}. */
  public String host() {
    return host.get();
  }

  /** The cluster time: the log time of the last write, or the start of the server if later. */
  public BsonTimestamp clusterTime() {
    BsonTimestamp last = lastWrite.get();
    return last.compareTo(started) > 0 ? last : started;
  }

  /** The op time of the last write (the cluster time while the lake holds none since start). */
  public BsonTimestamp lastWriteTime() {
    BsonTimestamp last = lastWrite.get();
    return last.getValue() == 0 ? clusterTime() : last;
  }

  /** The op time every member (this one) holds durably: the majority-committed op time. */
  public BsonTimestamp majorityTime() {
    BsonTimestamp durable = durableWrite.get();
    return durable.getValue() == 0 ? clusterTime() : durable;
  }

  /** When the set elected this member: the server's start. */
  public BsonTimestamp electionTime() {
    return started;
  }

  /** Identifies this set's config (new on every start: the config lives in no file). */
  public ObjectId replicaSetId() {
    return replicaSetId;
  }

  /** Which statements of retryable writes ran. */
  public RetryableWrites retryableWrites() {
    return retryableWrites;
  }

  /** The sessions' multi-document transactions. */
  public ServerTransactions transactions() {
    return transactions;
  }

  /**
   * Returns once every write at or before {@code time} is durable, so that a read that follows sees
   * it (readConcern {@code afterClusterTime}): reads see the durable writes.
   */
  public void awaitDurable(BsonTimestamp time) {
    // Every write before the start was durable when the log was opened.
    if (time.compareTo(started) > 0 && durableWrite.get().compareTo(time) < 0) {
      syncLog.run();
    }
  }

  /** {@code {ts, t}}, an op time. */
  public static BsonDocument opTime(BsonTimestamp ts) {
    return new BsonDocument("ts", ts).append("t", new BsonInt64(TERM));
  }

  /** The wall time of a log time, to its second. */
  public static BsonDateTime wallTime(BsonTimestamp ts) {
    return new BsonDateTime(ts.getTime() * 1000L);
  }

  /** The fields {@code hello} adds for a replica set member, as a primary's. */
  public void addHelloFields(BsonDocument reply) {
    String me = host();
    reply.put("hosts", new BsonArray(java.util.List.of(new BsonString(me))));
    reply.put("setName", new BsonString(name));
    reply.put("setVersion", new BsonInt32(CONFIG_VERSION));
    reply.put("secondary", BsonBoolean.FALSE);
    reply.put("primary", new BsonString(me));
    reply.put("me", new BsonString(me));
    reply.put("electionId", new BsonObjectId(ELECTION_ID));
    BsonTimestamp last = lastWriteTime();
    BsonTimestamp majority = majorityTime();
    reply.put(
        "lastWrite",
        new BsonDocument("opTime", opTime(last))
            .append("lastWriteDate", wallTime(last))
            .append("majorityOpTime", opTime(majority))
            .append("majorityWriteDate", wallTime(majority)));
  }

  /**
   * Adds what every reply of a replica set member carries: {@code operationTime} (the cluster time
   * after the command, which covers its own writes) and {@code $clusterTime}, unsigned (key id 0
   * and a zero hash, as a member without keys signs it).
   */
  public void addClusterTime(BsonDocument reply) {
    BsonTimestamp now = clusterTime();
    reply.put(
        "$clusterTime",
        new BsonDocument("clusterTime", now)
            .append(
                "signature",
                new BsonDocument("hash", new BsonBinary(new byte[20]))
                    .append("keyId", new BsonInt64(0))));
    reply.put("operationTime", now);
  }
}
