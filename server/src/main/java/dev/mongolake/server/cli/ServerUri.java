package dev.mongolake.server.cli;

import picocli.CommandLine.Option;

/** Which running server a client command talks to (a picocli mixin). */
final class ServerUri {

  @Option(
      names = "--uri",
      defaultValue = "mongodb://127.0.0.1:27017",
      description = "Connection string of a running server (default: ${DEFAULT-VALUE}).")
  String uri;
}
