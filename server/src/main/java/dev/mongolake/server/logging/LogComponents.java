package dev.mongolake.server.logging;

import java.util.Map;

/**
 * The MongoDB log component (the {@code c} field of a JSON log line) of a logger, from the package
 * its name starts with: the longest prefix listed wins, so that a subpackage can differ from its
 * parent. Components are MongoDB's where one fits; {@code REST} is MongoLake's own (MongoDB has no
 * REST API); anything unlisted is {@code -}, MongoDB's name for its default component.
 */
final class LogComponents {

  /** MongoDB's name for the default component. */
  static final String DEFAULT = "-";

  private static final Map<String, String> BY_PREFIX =
      Map.ofEntries(
          Map.entry("dev.mongolake.server.net", "NETWORK"),
          Map.entry("dev.mongolake.server.wire", "NETWORK"),
          Map.entry("dev.mongolake.server.auth", "ACCESS"),
          Map.entry("dev.mongolake.server.command", "COMMAND"),
          Map.entry("dev.mongolake.server.command.index", "INDEX"),
          Map.entry("dev.mongolake.server.rest", "REST"),
          Map.entry("dev.mongolake.server.cli", "CONTROL"),
          Map.entry("dev.mongolake.server.MongoLakeServer", "CONTROL"),
          Map.entry("dev.mongolake.server.logging", "CONTROL"),
          Map.entry("dev.mongolake.daktilo", "STORAGE"),
          Map.entry("dev.mongolake.delta", "STORAGE"),
          Map.entry("dev.mongolake.internal.engine", "STORAGE"),
          Map.entry("dev.mongolake.internal.wal", "STORAGE"),
          Map.entry("dev.mongolake.internal.buffer", "STORAGE"),
          Map.entry("dev.mongolake.internal.engine.Engine.recovery", "RECOVERY"),
          Map.entry("dev.mongolake.internal.engine.TtlMonitor", "INDEX"),
          Map.entry("dev.mongolake.internal.engine.PersistedIndexes", "INDEX"),
          Map.entry("dev.mongolake.internal.index", "INDEX"),
          Map.entry("dev.mongolake.internal.read", "QUERY"),
          Map.entry("dev.mongolake.aggregate", "QUERY"),
          Map.entry("dev.mongolake.update", "WRITE"));

  private LogComponents() {}

  /** The component of the logger named {@code loggerName}. */
  static String of(String loggerName) {
    String name = loggerName == null ? "" : loggerName;
    while (true) {
      String component = BY_PREFIX.get(name);
      if (component != null) {
        return component;
      }
      int dot = name.lastIndexOf('.');
      if (dot < 0) {
        return DEFAULT;
      }
      name = name.substring(0, dot);
    }
  }
}
