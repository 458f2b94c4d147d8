package dev.mongolake.server.net;

/** What the server asks of an open connection, whichever transport serves it. */
interface WireConnection {

  /** Asks the connection to close once the command in progress has been answered. */
  void stopAfterCurrentCommand();

  /**
   * Closes the connection if it has waited longer than its idle timeout for a request (or for the
   * rest of one); a command in progress or an exhaust stream is never idle.
   */
  void closeIfIdle(long nowNanos);

  /** Closes the connection at once. */
  void abort();
}
