package dev.mongolake.server.cli;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.server.HistoryRetention;
import dev.mongolake.server.ReplicationConfig;
import dev.mongolake.server.ServerConfig;
import dev.mongolake.server.TableLayoutDefaults;
import dev.mongolake.server.logging.LogFormat;
import dev.mongolake.server.logging.LogLevel;
import dev.mongolake.server.logging.LogSettings;
import dev.mongolake.server.net.ConnectionThreads;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * The options {@code mongolake dev} and {@code mongolake serve} share (a picocli mixin).
 *
 * <p>With {@code --config FILE}, {@link #applyConfigFile()} takes each setting the file gives
 * unless its flag was given on the command line: flags win over the file, the file over the
 * defaults (for {@code --path}, over {@code MONGOLAKE_PATH} too).
 */
final class ServerOptions {

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(
      names = {"-f", "--config"},
      paramLabel = "FILE",
      description =
          "Read settings from this YAML file (mongod.conf's shape, see conf/mongolake.conf);"
              + " flags given here override it.")
  Path configFile;

  @Option(
      names = "--port",
      defaultValue = "27017",
      description = "MongoDB wire protocol port (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--http-port",
      defaultValue = "3000",
      description =
          "REST API port (default: ${DEFAULT-VALUE}; 0 picks a free port, -1 turns it off).")
  int httpPort;

  @Option(names = "--no-http", description = "Serve no REST API (same as --http-port -1).")
  boolean noHttp;

  @Option(
      names = "--path",
      defaultValue = "${env:MONGOLAKE_PATH:-.mongolake}",
      description = "Data directory (default: ${DEFAULT-VALUE}).")
  Path path;

  @Option(
      names = "--bind",
      defaultValue = "127.0.0.1",
      description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only).")
  String bind;

  @Option(names = "--auth", description = "Require clients to authenticate (SCRAM-SHA-256/SHA-1).")
  boolean auth;

  @Option(
      names = "--durability",
      defaultValue = "batch",
      description =
          "When writes are acknowledged: strict, batch or async (default: ${DEFAULT-VALUE}).")
  String durability;

  @Option(
      names = "--tls-cert",
      paramLabel = "FILE",
      description = "PEM certificate chain: serve the wire protocol over TLS (needs --tls-key).")
  Path tlsCertificate;

  @Option(
      names = "--tls-key",
      paramLabel = "FILE",
      description = "PEM private key (unencrypted PKCS#8) of the --tls-cert certificate.")
  Path tlsKey;

  @Option(
      names = "--storage",
      paramLabel = "LOCATION",
      description =
          "Where collections' Delta tables live, e.g. s3://bucket/prefix?endpoint=http://host:9000"
              + " (default: under --path). The write-ahead log stays under --path.")
  String storage;

  @Option(
      names = "--connection-threads",
      defaultValue = "event-loop",
      converter = ConnectionThreadsConverter.class,
      description =
          "What serves wire-protocol connections: event-loop (one loop per core; commands that"
              + " wait get a virtual thread), virtual (a virtual thread per connection) or"
              + " platform (a kernel thread per connection) (default: ${DEFAULT-VALUE}).")
  ConnectionThreads connectionThreads;

  @Option(
      names = "--log-level",
      paramLabel = "LEVEL",
      defaultValue = "info",
      converter = LogLevelConverter.class,
      description =
          "Least severe log lines written: trace, debug, info, warn or error"
              + " (default: ${DEFAULT-VALUE}).")
  LogLevel logLevel;

  @Option(
      names = "--log-format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      converter = LogFormatConverter.class,
      description =
          "Log lines as text, or as json: MongoDB's structured log, one object per line"
              + " (default: ${DEFAULT-VALUE}).")
  LogFormat logFormat;

  @Option(
      names = "--log-path",
      paramLabel = "FILE",
      description = "Append log lines to this file instead of writing them to standard error.")
  Path logPath;

  @Option(
      names = "--accept-table-loss",
      description =
          "Open even when a collection's Delta table lost commits the trimmed write-ahead log"
              + " relied on (deleted _delta_log files, an old copy restored), serving the older"
              + " version: the writes it lacks are lost. Without it such a lake does not open.")
  boolean acceptTableLoss;

  @Option(
      names = "--iceberg-metadata",
      description =
          "After each commit of a collection's Delta table, write Apache Iceberg metadata for the"
              + " same Parquet files in the table's metadata/ folder, so Iceberg readers load it.")
  boolean icebergMetadata;

  @Option(
      names = "--deletion-vectors",
      description =
          "New collections' tables mark replaced and deleted documents in Delta deletion vectors"
              + " instead of rewriting data files (the default; Delta readers such as Spark,"
              + " delta-kernel and DuckDB's delta_scan apply them, read_parquet does not). A"
              + " collection's mongolake.deletionVectors option overrides it.")
  boolean deletionVectors;

  @Option(
      names = "--no-deletion-vectors",
      description =
          "New collections' tables rewrite the data files that hold replaced or deleted documents"
              + " (copy-on-write), so every data file of the current version holds only live rows."
              + " A collection's mongolake.deletionVectors option overrides it.")
  boolean noDeletionVectors;

  @Option(
      names = "--auto-promote",
      paramLabel = "THRESHOLD",
      description =
          "New collections' tables promote a top-level field to a typed Parquet column once it"
              + " holds one type in at least this share of the documents a flush writes, in"
              + " (0, 1] (default: 0.9). A collection's mongolake.autoPromote option overrides"
              + " it.")
  Double autoPromote;

  @Option(
      names = "--no-auto-promote",
      description =
          "New collections' tables keep every field only in the document's Variant column (no"
              + " automatic promotion). A collection's mongolake.autoPromote option overrides it.")
  boolean noAutoPromote;

  @Option(
      names = "--change-data-feed",
      description =
          "New collections' tables record Delta's change data feed"
              + " (delta.enableChangeDataFeed). Off by default. A collection's"
              + " mongolake.changeDataFeed option overrides it.")
  boolean changeDataFeed;

  @Option(
      names = "--vacuum-retention-hours",
      paramLabel = "HOURS",
      description =
          "How long table files later versions replaced are kept before vacuum deletes them, and"
              + " so how far back history reaches (default: 168, Delta's 7 days). A collection's"
              + " mongolake.vacuumRetentionHours option overrides it.")
  Double vacuumRetentionHours;

  @Option(
      names = "--history-window-seconds",
      paramLabel = "SECONDS",
      description =
          "How long the write-ahead log keeps records after the tables hold them, for exact reads"
              + " at a past point in time (default: 300, MongoDB's"
              + " minSnapshotHistoryWindowInSeconds).")
  Long historyWindowSeconds;

  @Option(
      names = "--replica-set",
      paramLabel = "NAME",
      description =
          "The name of the replica set of one the server is the primary of (default: "
              + DEFAULT_REPLICA_SET
              + "): drivers send retryable writes and run transactions, change streams and"
              + " snapshot reads; connection strings without replicaSet= or with"
              + " directConnection=true work as well.")
  String replicaSet;

  /** The replica set's name unless {@code --replica-set} or the config file names another. */
  static final String DEFAULT_REPLICA_SET = "rs0";

  @Option(
      names = "--standalone",
      description =
          "Answer as a standalone server instead of a replica set of one, as MongoDB does without"
              + " a replica set: transactions, retryable writes, change streams and snapshot reads"
              + " are then refused.")
  boolean standalone;

  @Option(
      names = "--advertise-host",
      paramLabel = "HOST:PORT",
      description =
          "The address hello lists as the replica set's member, which clients connect to"
              + " (default: the bound address and port; 127.0.0.1 when bound to 0.0.0.0).")
  String advertiseHost;

  @Option(
      names = "--session-timeout-minutes",
      paramLabel = "MINUTES",
      defaultValue = "30",
      description =
          "How long a logical session lives unused: logicalSessionTimeoutMinutes"
              + " (default: ${DEFAULT-VALUE}).")
  int sessionTimeoutMinutes;

  @Option(
      names = "--transaction-lifetime-seconds",
      paramLabel = "SECONDS",
      defaultValue = "60",
      description =
          "How long a multi-document transaction may stay open before it is aborted:"
              + " transactionLifetimeLimitSeconds (default: ${DEFAULT-VALUE}).")
  int transactionLifetimeSeconds;

  /** Parses {@code --connection-threads} values as {@link ConnectionThreads#parse} does. */
  static final class ConnectionThreadsConverter implements ITypeConverter<ConnectionThreads> {
    @Override
    public ConnectionThreads convert(String value) {
      try {
        return ConnectionThreads.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /** Parses {@code --log-level} values as {@link LogLevel#parse} does. */
  static final class LogLevelConverter implements ITypeConverter<LogLevel> {
    @Override
    public LogLevel convert(String value) {
      return converted(value, LogLevel::parse);
    }
  }

  /** Parses {@code --log-format} values as {@link LogFormat#parse} does. */
  static final class LogFormatConverter implements ITypeConverter<LogFormat> {
    @Override
    public LogFormat convert(String value) {
      return converted(value, LogFormat::parse);
    }
  }

  private static <T> T converted(String value, Function<String, T> parse) {
    try {
      return parse.apply(value);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }

  /**
   * Takes the settings of the {@code --config} file, if one was given, for every option not given
   * on the command line.
   *
   * @throws ConfigFileException if the file cannot be read or holds a key it may not
   */
  void applyConfigFile() {
    if (configFile == null) {
      return;
    }
    ConfigFile file = ConfigFileReader.read(configFile);
    ParseResult given = command.commandLine().getParseResult();
    port = pick(given, "--port", file.port(), port);
    bind = pick(given, "--bind", file.bindIp(), bind);
    if (!given.hasMatchedOption("--no-http")) {
      httpPort = pick(given, "--http-port", file.httpPort(), httpPort);
    }
    tlsCertificate = pick(given, "--tls-cert", file.tlsCertificateFile(), tlsCertificate);
    tlsKey = pick(given, "--tls-key", file.tlsKeyFile(), tlsKey);
    connectionThreads =
        pick(given, "--connection-threads", file.connectionThreads(), connectionThreads);
    path = pick(given, "--path", file.dbPath(), path);
    storage = pick(given, "--storage", file.tables(), storage);
    if (file.durability() != null) {
      durability =
          pick(
              given, "--durability", file.durability().name().toLowerCase(Locale.ROOT), durability);
    }
    auth = pick(given, "--auth", file.authorization(), auth);
    logLevel = pick(given, "--log-level", file.logLevel(), logLevel);
    logFormat = pick(given, "--log-format", file.logFormat(), logFormat);
    logPath = pick(given, "--log-path", file.logPath(), logPath);
    replicaSet = pick(given, "--replica-set", file.replSetName(), replicaSet);
    advertiseHost = pick(given, "--advertise-host", file.advertiseHost(), advertiseHost);
    sessionTimeoutMinutes =
        pick(
            given,
            "--session-timeout-minutes",
            file.sessionTimeoutMinutes(),
            sessionTimeoutMinutes);
    transactionLifetimeSeconds =
        pick(
            given,
            "--transaction-lifetime-seconds",
            file.transactionLifetimeSeconds(),
            transactionLifetimeSeconds);
    icebergMetadata = pick(given, "--iceberg-metadata", file.icebergMetadata(), icebergMetadata);
    if (file.deletionVectors() != null
        && !given.hasMatchedOption("--deletion-vectors")
        && !given.hasMatchedOption("--no-deletion-vectors")) {
      deletionVectors = file.deletionVectors();
      noDeletionVectors = !file.deletionVectors();
    }
    if (file.autoPromote() != null
        && !given.hasMatchedOption("--auto-promote")
        && !given.hasMatchedOption("--no-auto-promote")) {
      autoPromote = file.autoPromote().enabled() ? file.autoPromote().threshold() : null;
      noAutoPromote = !file.autoPromote().enabled();
    }
    changeDataFeed = pick(given, "--change-data-feed", file.changeDataFeed(), changeDataFeed);
    if (file.vacuumRetentionHours() != null) {
      vacuumRetentionHours =
          pick(
              given,
              "--vacuum-retention-hours",
              file.vacuumRetentionHours().doubleValue(),
              vacuumRetentionHours);
    }
    if (file.historyWindowSeconds() != null) {
      historyWindowSeconds =
          pick(
              given,
              "--history-window-seconds",
              file.historyWindowSeconds().longValue(),
              historyWindowSeconds);
    }
  }

  /** The flag's value if it was given, else the file's if it has one, else the default. */
  private static <T> T pick(ParseResult given, String flag, T fromFile, T current) {
    return fromFile == null || given.hasMatchedOption(flag) ? current : fromFile;
  }

  private ReplicationConfig replication() {
    if (standalone && (replicaSet != null || advertiseHost != null)) {
      throw new IllegalArgumentException(
          "--standalone cannot be combined with --replica-set or --advertise-host"
              + " (replication.replSetName, replication.advertiseHost): a standalone has no set");
    }
    return new ReplicationConfig(
        standalone ? null : replicaSet == null ? DEFAULT_REPLICA_SET : replicaSet,
        advertiseHost,
        sessionTimeoutMinutes,
        transactionLifetimeSeconds);
  }

  LogSettings logSettings() {
    return new LogSettings(logLevel, logFormat, logPath);
  }

  private HistoryRetention history() {
    if (vacuumRetentionHours != null
        && (vacuumRetentionHours < 0 || vacuumRetentionHours.isNaN())) {
      throw new IllegalArgumentException(
          "--vacuum-retention-hours must be 0 or more, not " + vacuumRetentionHours);
    }
    if (historyWindowSeconds != null && historyWindowSeconds < 0) {
      throw new IllegalArgumentException(
          "--history-window-seconds must be 0 or more, not " + historyWindowSeconds);
    }
    return new HistoryRetention(
        vacuumRetentionHours == null
            ? null
            : java.time.Duration.ofMillis(Math.round(vacuumRetentionHours * 3_600_000)),
        historyWindowSeconds == null ? null : java.time.Duration.ofSeconds(historyWindowSeconds));
  }

  private TableLayoutDefaults layout() {
    if (autoPromote != null && !(autoPromote > 0 && autoPromote <= 1)) {
      throw new IllegalArgumentException(
          "--auto-promote (storage.autoPromote) must be a share in (0, 1], not " + autoPromote);
    }
    if (autoPromote != null && noAutoPromote) {
      throw new IllegalArgumentException(
          "Cannot combine --auto-promote "
              + autoPromote
              + " with --no-auto-promote: give one of them");
    }
    AutoPromote promotion =
        noAutoPromote
            ? AutoPromote.OFF
            : autoPromote == null ? null : AutoPromote.atThreshold(autoPromote);
    if (deletionVectors && noDeletionVectors) {
      throw new IllegalArgumentException(
          "Cannot combine --deletion-vectors with --no-deletion-vectors: give one of them");
    }
    return new TableLayoutDefaults(!noDeletionVectors, promotion, changeDataFeed);
  }

  Durability durabilityMode() {
    return Durability.valueOf(durability.toUpperCase(Locale.ROOT));
  }

  ServerConfig config(String command) {
    List<String> argv = new ArrayList<>(List.of("mongolake", command, "--port", "" + port));
    ServerConfig config =
        new ServerConfig(
            path,
            bind,
            port,
            auth,
            durabilityMode(),
            argv,
            noHttp ? ServerConfig.NO_HTTP : httpPort);
    if ((tlsCertificate == null) != (tlsKey == null)) {
      throw new IllegalArgumentException(
          "--tls-cert and --tls-key (net.tls.certificateFile and net.tls.keyFile) go together:"
              + " give both or none");
    }
    ServerConfig withTables =
        config
            .withTables(storage)
            .withConnectionThreads(connectionThreads)
            .withAcceptTableLoss(acceptTableLoss)
            .withIcebergMetadata(icebergMetadata)
            .withHistory(history())
            .withLayout(layout())
            .withReplication(replication());
    return tlsCertificate == null
        ? withTables
        : withTables.withTls(new ServerConfig.TlsFiles(tlsCertificate, tlsKey));
  }
}
