package dev.mongolake.server;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.net.ConnectionThreads;
import java.nio.file.Path;
import java.util.List;

/**
 * How to run a MongoLake server.
 *
 * @param dataPath the data root
 * @param bindAddress address the wire protocol listens on ({@code 127.0.0.1} by default)
 * @param port wire protocol port (0 picks a free one)
 * @param auth whether clients must authenticate (SCRAM)
 * @param durability the write-ahead log's durability mode
 * @param argv the command line, reported by {@code getCmdLineOpts}
 * @param httpPort REST API port (0 picks a free one; {@link #NO_HTTP} serves no REST API)
 * @param tls the certificate and key the wire protocol serves TLS with, or {@code null} for plain
 *     TCP
 * @param tables where the collections' tables live ({@code null}: under {@code dataPath})
 * @param connectionThreads what kind of thread serves each wire-protocol connection ({@code null}:
 *     event loops)
 * @param acceptTableLoss open tables that lost commits the trimmed log relied on, serving their
 *     older versions (see {@link dev.mongolake.MongoLakeOptions#acceptTableLoss()})
 * @param replication whether the server is a replica set of one, and its sessions' timeout
 * @param icebergMetadata whether every collection's table gets Iceberg metadata beside its Delta
 *     log, written in the background after commits and finished when the server closes (see {@code
 *     dev.mongolake.delta.iceberg.IcebergMetadata})
 * @param history how long table files and log records are kept for history ({@link
 *     HistoryRetention#DEFAULTS}: the lake's defaults)
 * @param layout how new collections' tables lay out their files (deletion vectors, automatic
 *     promotion, change data feed; {@link TableLayoutDefaults#DEFAULTS}: the lake's defaults)
 */
public record ServerConfig(
    Path dataPath,
    String bindAddress,
    int port,
    boolean auth,
    Durability durability,
    List<String> argv,
    int httpPort,
    TlsFiles tls,
    String tables,
    ConnectionThreads connectionThreads,
    boolean acceptTableLoss,
    ReplicationConfig replication,
    boolean icebergMetadata,
    HistoryRetention history,
    TableLayoutDefaults layout) {

  /**
   * PEM files for TLS.
   *
   * @param certificateChain the server certificate, then any intermediates
   * @param privateKey the certificate's private key, unencrypted PKCS#8 ({@code BEGIN PRIVATE KEY})
   */
  public record TlsFiles(Path certificateChain, Path privateKey) {}

  /** The {@code httpPort} that turns the REST API off. */
  public static final int NO_HTTP = -1;

  public ServerConfig {
    argv = List.copyOf(argv);
    if (history == null) {
      history = HistoryRetention.DEFAULTS;
    }
    if (layout == null) {
      layout = TableLayoutDefaults.DEFAULTS;
    }
    if (connectionThreads == null) {
      connectionThreads = ConnectionThreads.EVENT_LOOP;
    }
    if (replication == null) {
      replication = ReplicationConfig.STANDALONE;
    }
    if (httpPort < NO_HTTP || httpPort > 65535) {
      throw new IllegalArgumentException(
          "Cannot use HTTP port " + httpPort + ": expected 0-65535, or -1 for no REST API");
    }
  }

  /** A configuration without Iceberg metadata. */
  public ServerConfig(
      Path dataPath,
      String bindAddress,
      int port,
      boolean auth,
      Durability durability,
      List<String> argv,
      int httpPort,
      TlsFiles tls,
      String tables,
      ConnectionThreads connectionThreads,
      boolean acceptTableLoss,
      ReplicationConfig replication) {
    this(
        dataPath,
        bindAddress,
        port,
        auth,
        durability,
        argv,
        httpPort,
        tls,
        tables,
        connectionThreads,
        acceptTableLoss,
        replication,
        false,
        HistoryRetention.DEFAULTS,
        TableLayoutDefaults.DEFAULTS);
  }

  /** A configuration without TLS. */
  public ServerConfig(
      Path dataPath,
      String bindAddress,
      int port,
      boolean auth,
      Durability durability,
      List<String> argv,
      int httpPort) {
    this(
        dataPath,
        bindAddress,
        port,
        auth,
        durability,
        argv,
        httpPort,
        null,
        null,
        null,
        false,
        null,
        false,
        HistoryRetention.DEFAULTS,
        TableLayoutDefaults.DEFAULTS);
  }

  /** A configuration without the REST API or TLS. */
  public ServerConfig(
      Path dataPath,
      String bindAddress,
      int port,
      boolean auth,
      Durability durability,
      List<String> argv) {
    this(
        dataPath,
        bindAddress,
        port,
        auth,
        durability,
        argv,
        NO_HTTP,
        null,
        null,
        null,
        false,
        null,
        false,
        HistoryRetention.DEFAULTS,
        TableLayoutDefaults.DEFAULTS);
  }

  /** The same configuration with the REST API on {@code value}. */
  public ServerConfig withHttpPort(int value) {
    return new ServerConfig(
        dataPath,
        bindAddress,
        port,
        auth,
        durability,
        argv,
        value,
        tls,
        tables,
        connectionThreads,
        acceptTableLoss,
        replication,
        icebergMetadata,
        history,
        layout);
  }

  /** The same configuration serving the wire protocol over TLS with these files. */
  public ServerConfig withTls(TlsFiles value) {
    return new ServerConfig(
        dataPath,
        bindAddress,
        port,
        auth,
        durability,
        argv,
        httpPort,
        value,
        tables,
        connectionThreads,
        acceptTableLoss,
        replication,
        icebergMetadata,
        history,
        layout);
  }

  /** The same configuration with the collections' tables at {@code location}. */
  public ServerConfig withTables(String location) {
    return new ServerConfig(
        dataPath,
        bindAddress,
        port,
        auth,
        durability,
        argv,
        httpPort,
        tls,
        location,
        connectionThreads,
        acceptTableLoss,
        replication,
        icebergMetadata,
        history,
        layout);
  }

  /** The same configuration serving wire-protocol connections on {@code value} threads. */
  public ServerConfig withConnectionThreads(ConnectionThreads value) {
    return new ServerConfig(
        dataPath,
        bindAddress,
        port,
        auth,
        durability,
        argv,
        httpPort,
        tls,
        tables,
        value,
        acceptTableLoss,
        replication,
        icebergMetadata,
        history,
        layout);
  }

  /** The same configuration, opening tables that lost commits (see {@link #acceptTableLoss()}). */
  public ServerConfig withAcceptTableLoss(boolean value) {
    return new ServerConfig(
        dataPath,
        bindAddress,
        port,
        auth,
        durability,
        argv,
        httpPort,
        tls,
        tables,
        connectionThreads,
        value,
        replication,
        icebergMetadata,
        history,
        layout);
  }

  /** The same configuration as a replica set of one, or a standalone (see {@link #replication}). */
  public ServerConfig withReplication(ReplicationConfig value) {
    return new ServerConfig(
        dataPath,
        bindAddress,
        port,
        auth,
        durability,
        argv,
        httpPort,
        tls,
        tables,
        connectionThreads,
        acceptTableLoss,
        value,
        icebergMetadata,
        history,
        layout);
  }

  /** The same configuration, with or without Iceberg metadata (see {@link #icebergMetadata()}). */
  public ServerConfig withIcebergMetadata(boolean value) {
    return new ServerConfig(
        dataPath,
        bindAddress,
        port,
        auth,
        durability,
        argv,
        httpPort,
        tls,
        tables,
        connectionThreads,
        acceptTableLoss,
        replication,
        value,
        history,
        layout);
  }

  /** The same configuration, keeping history as {@code value} says (see {@link #history()}). */
  public ServerConfig withHistory(HistoryRetention value) {
    return new ServerConfig(
        dataPath,
        bindAddress,
        port,
        auth,
        durability,
        argv,
        httpPort,
        tls,
        tables,
        connectionThreads,
        acceptTableLoss,
        replication,
        icebergMetadata,
        value,
        layout);
  }

  /**
   * Whether new collections' tables mark replaced and deleted rows in Delta deletion vectors (see
   * {@link TableLayoutDefaults#deletionVectors()}).
   */
  public boolean deletionVectors() {
    return layout.deletionVectors();
  }

  /**
   * The same configuration, with or without deletion vectors for new collections' tables (see
   * {@link #deletionVectors()}).
   */
  public ServerConfig withDeletionVectors(boolean value) {
    return withLayout(layout.withDeletionVectors(value));
  }

  /** The same configuration, laying out new collections' tables as {@code value} says. */
  public ServerConfig withLayout(TableLayoutDefaults value) {
    return new ServerConfig(
        dataPath,
        bindAddress,
        port,
        auth,
        durability,
        argv,
        httpPort,
        tls,
        tables,
        connectionThreads,
        acceptTableLoss,
        replication,
        icebergMetadata,
        history,
        value);
  }
}
