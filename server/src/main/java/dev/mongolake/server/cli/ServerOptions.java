package dev.mongolake.server.cli;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.ServerConfig;
import dev.mongolake.server.net.ConnectionThreads;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The options {@code mongolake dev} and {@code mongolake serve} share (a picocli mixin). */
final class ServerOptions {

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
      throw new IllegalArgumentException("--tls-cert and --tls-key go together: give both or none");
    }
    ServerConfig withTables = config.withTables(storage).withConnectionThreads(connectionThreads);
    return tlsCertificate == null
        ? withTables
        : withTables.withTls(new ServerConfig.TlsFiles(tlsCertificate, tlsKey));
  }
}
