package dev.mongolake.server.cli;

/**
 * A config file that cannot be used: unreadable, or a key that is unknown, unsupported or
 * ill-typed.
 */
final class ConfigFileException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  ConfigFileException(String message) {
    super(message);
  }

  ConfigFileException(String message, Throwable cause) {
    super(message, cause);
  }
}
