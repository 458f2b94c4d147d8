package dev.mongolake.server.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.server.logging.LogFormat;
import dev.mongolake.server.logging.LogLevel;
import dev.mongolake.server.net.ConnectionThreads;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a config file in mongod.conf's shape (YAML sections {@code net}, {@code storage}, {@code
 * security}, {@code systemLog}) into a {@link ConfigFile}.
 *
 * <p>Nothing is accepted and ignored: a key MongoLake does not know, a MongoDB setting it does not
 * implement, a value of the wrong type and a duplicate key each refuse the whole file with one
 * {@link ConfigFileException} naming the file and the key.
 */
final class ConfigFileReader {

  private static final YAMLMapper YAML =
      YAMLMapper.builder().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();

  /** Every key this reader takes, dotted. */
  static final List<String> KEYS =
      List.of(
          "net.port",
          "net.bindIp",
          "net.http.port",
          "net.tls.certificateFile",
          "net.tls.keyFile",
          "net.connectionThreads",
          "storage.dbPath",
          "storage.tables",
          "storage.durability",
          "storage.icebergMetadata",
          "storage.deletionVectors",
          "storage.autoPromote",
          "storage.changeDataFeed",
          "storage.vacuumRetentionHours",
          "security.authorization",
          "systemLog.verbosity",
          "systemLog.level",
          "systemLog.format",
          "systemLog.path",
          "replication.replSetName",
          "replication.advertiseHost",
          "setParameter.localLogicalSessionTimeoutMinutes",
          "setParameter.minSnapshotHistoryWindowInSeconds",
          "setParameter.transactionLifetimeLimitSeconds");

  /** MongoDB sections none of whose settings MongoLake implements. */
  private static final List<String> UNSUPPORTED_SECTIONS =
      List.of(
          "replication",
          "sharding",
          "processManagement",
          "operationProfiling",
          "setParameter",
          "auditLog",
          "snmp",
          "cloud",
          "storage.journal",
          "storage.wiredTiger",
          "storage.inMemory",
          "net.unixDomainSocket",
          "net.compression",
          "net.ssl",
          "security.sasl",
          "security.ldap",
          "security.kmip",
          "systemLog.component");

  /** MongoDB settings MongoLake does not implement, with what to do instead where there is one. */
  private static final Map<String, String> UNSUPPORTED_KEYS = unsupportedKeys();

  private static Map<String, String> unsupportedKeys() {
    Map<String, String> keys = new HashMap<>();
    for (String key :
        List.of(
            "net.ipv6",
            "net.bindIpAll",
            "net.wireObjectCheck",
            "net.serviceExecutor",
            "net.transportLayer",
            "net.listenBacklog",
            "net.maxIncomingConnectionsOverride",
            "net.reservedAdminThreads",
            "net.tls.mode",
            "net.tls.certificateKeyFilePassword",
            "net.tls.CAFile",
            "net.tls.CRLFile",
            "net.tls.allowConnectionsWithoutCertificates",
            "net.tls.allowInvalidCertificates",
            "net.tls.allowInvalidHostnames",
            "net.tls.disabledProtocols",
            "net.tls.FIPSMode",
            "net.tls.certificateSelector",
            "net.tls.clusterFile",
            "net.tls.clusterPassword",
            "net.tls.clusterCAFile",
            "net.tls.clusterCertificateSelector",
            "net.tls.logVersions",
            "storage.directoryPerDB",
            "storage.syncPeriodSecs",
            "storage.oplogMinRetentionHours",
            "security.keyFile",
            "security.clusterAuthMode",
            "security.clusterIpSourceAllowlist",
            "security.javascriptEnabled",
            "security.redactClientLogData",
            "security.transitionToAuth",
            "security.enableEncryption",
            "security.encryptionCipherMode",
            "security.encryptionKeyFile",
            "systemLog.quiet",
            "systemLog.traceAllExceptions",
            "systemLog.syslogFacility",
            "systemLog.logRotate",
            "systemLog.timeStampFormat")) {
      keys.put(key, "");
    }
    keys.put("net.maxIncomingConnections", " (the limit is 1000 connections)");
    keys.put("storage.engine", " (collections are Delta Lake tables)");
    keys.put(
        "net.tls.certificateKeyFile",
        " (give the certificate and the key as two PEM files: net.tls.certificateFile and"
            + " net.tls.keyFile)");
    keys.put(
        "systemLog.destination",
        " (lines go to standard error, or to the file systemLog.path names)");
    keys.put("systemLog.logAppend", " (a systemLog.path file is always appended to)");
    return Map.copyOf(keys);
  }

  private final Path file;
  private final Map<String, JsonNode> values = new HashMap<>();

  private ConfigFileReader(Path file) {
    this.file = file;
  }

  /**
   * Reads {@code file}; an empty file gives no settings.
   *
   * @throws ConfigFileException naming the file and, where there is one, the offending key
   */
  static ConfigFile read(Path file) {
    return new ConfigFileReader(file).read();
  }

  private ConfigFile read() {
    JsonNode root;
    try (InputStream in = Files.newInputStream(file)) {
      root = YAML.readTree(in);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw refused(
          (at == null || at.getLineNr() < 0 ? "" : "line " + at.getLineNr() + ": ")
              + e.getOriginalMessage(),
          e);
    } catch (NoSuchFileException e) {
      throw refused("no such file", e);
    } catch (IOException e) {
      throw refused(e.toString(), e);
    }
    if (root != null && !root.isMissingNode() && !root.isNull()) {
      if (!root.isObject()) {
        throw refused("expected sections of settings such as 'net:', not " + shown(root), null);
      }
      collect(root, "");
    }
    return new ConfigFile(
        integer("net.port", 0, 65535),
        bindIp(),
        integer("net.http.port", -1, 65535),
        path("net.tls.certificateFile"),
        path("net.tls.keyFile"),
        connectionThreads(),
        path("storage.dbPath"),
        string("storage.tables"),
        durability(),
        authorization(),
        logLevel(),
        choice("systemLog.format", LogFormat::parse, "text or json"),
        path("systemLog.path"),
        string("replication.replSetName"),
        string("replication.advertiseHost"),
        integer("setParameter.localLogicalSessionTimeoutMinutes", 1, 1_000_000),
        bool("storage.icebergMetadata"),
        bool("storage.deletionVectors"),
        autoPromote("storage.autoPromote"),
        bool("storage.changeDataFeed"),
        integer("storage.vacuumRetentionHours", 0, 1_000_000),
        integer("setParameter.minSnapshotHistoryWindowInSeconds", 0, 1_000_000_000),
        integer("setParameter.transactionLifetimeLimitSeconds", 1, 1_000_000));
  }

  /** Files each known key's value; refuses any other key by name. */
  private void collect(JsonNode section, String prefix) {
    for (Map.Entry<String, JsonNode> field : section.properties()) {
      String key = prefix + field.getKey();
      JsonNode value = field.getValue();
      if (KEYS.contains(key)) {
        values.put(key, value);
      } else if (isSection(key)) {
        if (value.isObject()) {
          collect(value, key + ".");
        } else if (!value.isNull()) {
          throw refused(key + " must be a section of settings, not " + shown(value));
        }
      } else if (value.isObject() && !value.isEmpty()) {
        // Down to the leaf, so that the refusal names the whole key (replication.replSetName).
        collect(value, key + ".");
      } else {
        throw refused(notTaken(key));
      }
    }
  }

  private static boolean isSection(String key) {
    return KEYS.stream().anyMatch(known -> known.startsWith(key + "."));
  }

  private static String notTaken(String key) {
    String hint = UNSUPPORTED_KEYS.get(key);
    if (hint == null
        && UNSUPPORTED_SECTIONS.stream()
            .anyMatch(section -> key.equals(section) || key.startsWith(section + "."))) {
      hint = "";
    }
    return hint == null
        ? "unknown key " + key + " (the keys MongoLake reads are " + String.join(", ", KEYS) + ")"
        : key + " is a MongoDB setting MongoLake does not support" + hint;
  }

  private Integer integer(String key, int min, int max) {
    JsonNode value = values.get(key);
    if (value == null) {
      return null;
    }
    if (!value.isIntegralNumber()
        || !value.canConvertToInt()
        || value.intValue() < min
        || value.intValue() > max) {
      throw refused(
          key + " must be an integer from " + min + " to " + max + ", not " + shown(value));
    }
    return value.intValue();
  }

  /** A share in (0, 1], such as an automatic promotion threshold. */
  /** A share in (0, 1] promotes at that threshold; {@code false} turns promotion off. */
  private AutoPromote autoPromote(String key) {
    JsonNode value = values.get(key);
    if (value == null) {
      return null;
    }
    if (value.isBoolean() && !value.booleanValue()) {
      return AutoPromote.OFF;
    }
    if (!value.isNumber() || !(value.doubleValue() > 0 && value.doubleValue() <= 1)) {
      throw refused(
          key + " must be a number in (0, 1], such as 0.9, or false, not " + shown(value));
    }
    return AutoPromote.atThreshold(value.doubleValue());
  }

  private Boolean bool(String key) {
    JsonNode value = values.get(key);
    if (value == null) {
      return null;
    }
    if (!value.isBoolean()) {
      throw refused(key + " must be true or false, not " + shown(value));
    }
    return value.booleanValue();
  }

  private String string(String key) {
    JsonNode value = values.get(key);
    if (value == null) {
      return null;
    }
    if (!value.isTextual() || value.textValue().isBlank()) {
      throw refused(key + " must be a string, not " + shown(value));
    }
    return value.textValue();
  }

  private Path path(String key) {
    String value = string(key);
    return value == null ? null : Path.of(value);
  }

  private String bindIp() {
    String value = string("net.bindIp");
    if (value != null && value.contains(",")) {
      throw refused(
          "net.bindIp lists several addresses ('" + value + "'): MongoLake listens on one");
    }
    return value;
  }

  private <T> T choice(String key, java.util.function.Function<String, T> parse, String accepted) {
    JsonNode value = values.get(key);
    if (value == null) {
      return null;
    }
    try {
      if (value.isTextual()) {
        return parse.apply(value.textValue());
      }
    } catch (IllegalArgumentException e) {
      // Refused below, with the key.
    }
    throw refused(key + " must be " + accepted + ", not " + shown(value));
  }

  private ConnectionThreads connectionThreads() {
    return choice(
        "net.connectionThreads", ConnectionThreads::parse, "event-loop, virtual or platform");
  }

  private Durability durability() {
    return choice(
        "storage.durability",
        name -> {
          if (!Set.of("strict", "batch", "async").contains(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException(name);
          }
          return Durability.valueOf(name.toUpperCase(Locale.ROOT));
        },
        "strict, batch or async");
  }

  private Boolean authorization() {
    return choice(
        "security.authorization",
        name ->
            switch (name.toLowerCase(Locale.ROOT)) {
              case "enabled" -> Boolean.TRUE;
              case "disabled" -> Boolean.FALSE;
              default -> throw new IllegalArgumentException(name);
            },
        "enabled or disabled");
  }

  /** {@code systemLog.level}, or {@code systemLog.verbosity} as mongod counts it. */
  private LogLevel logLevel() {
    LogLevel level =
        choice("systemLog.level", LogLevel::parse, "trace, debug, info, warn or error");
    Integer verbosity = integer("systemLog.verbosity", 0, 5);
    if (level != null && verbosity != null) {
      throw refused("systemLog.level and systemLog.verbosity both set the log level: give one");
    }
    if (verbosity == null) {
      return level;
    }
    // mongod: 0 logs informational messages, 1 adds debug (D1), 2 to 5 more detail (D2-D5).
    return switch (verbosity) {
      case 0 -> LogLevel.INFO;
      case 1 -> LogLevel.DEBUG;
      default -> LogLevel.TRACE;
    };
  }

  private static String shown(JsonNode value) {
    if (value.isNull()) {
      return "empty";
    }
    if (value.isTextual()) {
      return "'" + value.textValue() + "'";
    }
    return value.isObject() ? "a section" : value.isArray() ? "a list" : value.toString();
  }

  private ConfigFileException refused(String reason) {
    return refused(reason, null);
  }

  private ConfigFileException refused(String reason, Throwable cause) {
    return new ConfigFileException(
        "Cannot read config file " + file.toAbsolutePath().normalize() + ": " + reason, cause);
  }
}
