package dev.mongolake.server;

/**
 * Whether the server answers as the primary of a replica set of one, and how long its logical
 * sessions live.
 *
 * @param replicaSetName the set's name ({@code --replica-set}, {@code replication.replSetName}), or
 *     {@code null} for a standalone
 * @param advertisedHost the {@code host:port} that {@code hello} lists as the set's one member
 *     ({@code --advertise-host}), or {@code null} for the address the server is bound to and the
 *     port it got (the loopback address when it listens on every interface)
 * @param sessionTimeoutMinutes how long a logical session lives unused ({@code
 *     logicalSessionTimeoutMinutes}, MongoDB's {@code localLogicalSessionTimeoutMinutes})
 * @param transactionLifetimeSeconds how long a multi-document transaction may stay open ({@code
 *     transactionLifetimeLimitSeconds})
 */
public record ReplicationConfig(
    String replicaSetName,
    String advertisedHost,
    int sessionTimeoutMinutes,
    int transactionLifetimeSeconds) {

  /** MongoDB's default {@code transactionLifetimeLimitSeconds}. */
  public static final int DEFAULT_TRANSACTION_LIFETIME_SECONDS = 60;

  /** A configuration with MongoDB's transaction lifetime. */
  public ReplicationConfig(
      String replicaSetName, String advertisedHost, int sessionTimeoutMinutes) {
    this(
        replicaSetName,
        advertisedHost,
        sessionTimeoutMinutes,
        DEFAULT_TRANSACTION_LIFETIME_SECONDS);
  }

  /** The same configuration with transactions living at most {@code seconds}. */
  public ReplicationConfig withTransactionLifetimeSeconds(int seconds) {
    return new ReplicationConfig(replicaSetName, advertisedHost, sessionTimeoutMinutes, seconds);
  }

  /** MongoDB's default session timeout. */
  public static final int DEFAULT_SESSION_TIMEOUT_MINUTES = 30;

  /** A standalone with MongoDB's session timeout. */
  public static final ReplicationConfig STANDALONE =
      new ReplicationConfig(null, null, DEFAULT_SESSION_TIMEOUT_MINUTES);

  public ReplicationConfig {
    if (replicaSetName != null
        && (replicaSetName.isBlank()
            || replicaSetName.contains("/")
            || replicaSetName.contains(","))) {
      throw new IllegalArgumentException(
          "Cannot use replica set name '"
              + replicaSetName
              + "': it must be non-empty, without '/' or ','");
    }
    if (advertisedHost != null && !advertisedHost.matches("[^\\s:/,]+:\\d{1,5}")) {
      throw new IllegalArgumentException(
          "Cannot advertise host '" + advertisedHost + "': expected host:port");
    }
    if (transactionLifetimeSeconds < 1) {
      throw new IllegalArgumentException(
          "Cannot use a transaction lifetime of "
              + transactionLifetimeSeconds
              + " seconds: expected 1 or more");
    }
    if (sessionTimeoutMinutes < 1) {
      throw new IllegalArgumentException(
          "Cannot use a session timeout of "
              + sessionTimeoutMinutes
              + " minutes: expected 1 or more");
    }
  }

  /** A replica set of one named {@code name}, advertising the bound address. */
  public static ReplicationConfig replicaSet(String name) {
    return new ReplicationConfig(name, null, DEFAULT_SESSION_TIMEOUT_MINUTES);
  }

  /** Whether the server is a replica set member. */
  public boolean isReplicaSet() {
    return replicaSetName != null;
  }
}
