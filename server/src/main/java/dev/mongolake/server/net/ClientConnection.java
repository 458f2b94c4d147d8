package dev.mongolake.server.net;

import dev.mongolake.bson.BsonBytesEncoder;
import dev.mongolake.server.command.CommandDispatcher;
import dev.mongolake.server.command.ConnectionInfo;
import dev.mongolake.server.wire.Compressor;
import dev.mongolake.server.wire.MessageEncoder;
import dev.mongolake.server.wire.MessageFrames;
import dev.mongolake.server.wire.WireMessage;
import dev.mongolake.server.wire.WireProtocolException;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection: reads requests, runs them in order, writes replies. A malformed message
 * whose framing is intact gets an error reply and the connection carries on; a broken frame (bad
 * length, truncated stream) closes the connection. Either way only this connection is affected.
 *
 * <p>An exhaust stream (awaitable hello, exhaust getMore) keeps the connection's thread writing
 * replies without reading; it parks between them (an awaitable hello waits on the {@link
 * dev.mongolake.server.command.Topology}, which shutdown wakes, and checks every second that the
 * client is still there). A client that closes the connection mid-stream ends it then, or at the
 * next write.
 */
final class ClientConnection implements Runnable, WireConnection {

  private static final Logger LOG = LoggerFactory.getLogger(ClientConnection.class);
  private static final int INITIAL_REPLY_BUFFER_BYTES = 4 * 1024;
  private static final int KEPT_REPLY_BUFFER_BYTES = 1024 * 1024;

  /** {@link #waitingSince} while a request is being answered. */
  private static final long BUSY = Long.MIN_VALUE;

  private final Socket socket;
  private final RequestHandler handler;
  private final Consumer<WireConnection> onClose;
  private final ConnectionInfo info;
  private final Duration idleTimeout;
  private volatile boolean stopping;
  // When the connection started waiting for its next request ({@link System#nanoTime()}), or BUSY.
  private volatile long waitingSince = BUSY;
  // Every reply is encoded here; only the connection's thread uses it.
  private BsonBytesEncoder replies = new BsonBytesEncoder(INITIAL_REPLY_BUFFER_BYTES);

  ClientConnection(
      long id,
      Socket socket,
      CommandDispatcher dispatcher,
      Duration idleTimeout,
      Consumer<WireConnection> onClose) {
    this.socket = socket;
    this.onClose = onClose;
    this.idleTimeout = idleTimeout;
    this.info =
        new ConnectionInfo(
            id,
            hostAndPort(socket.getRemoteSocketAddress().toString()),
            hostAndPort(socket.getLocalSocketAddress().toString()));
    this.handler = new RequestHandler(dispatcher, info);
  }

  @Override
  public void run() {
    LOG.debug("Connection {} accepted from {}", info.id(), info.remoteAddress());
    try (socket) {
      socket.setTcpNoDelay(true);
      // No socket timeout: on a virtual thread every timed read that parks schedules (and then
      // cancels) a timer task, a cost paid per request; WireServer closes idle connections
      // instead (see closeIfIdle).
      // Buffered: one read usually brings a whole request, header and body. Replies are encoded
      // whole into one reused array and handed to the socket in one write, so output needs no
      // buffer of its own.
      BufferedInputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
      info.watchClient(() -> clientClosedItsSide(in));
      OutputStream out = socket.getOutputStream();
      while (!stopping) {
        waitingSince = System.nanoTime();
        MessageFrames.Frame frame = MessageFrames.read(in);
        waitingSince = BUSY;
        if (frame == null) {
          break;
        }
        handler.run(
            handler.decode(frame),
            (message, requestId, responseTo, compressor) ->
                send(out, message, requestId, responseTo, compressor),
            () -> stopping);
      }
    } catch (WireProtocolException e) {
      LOG.warn("Connection {} closed: {}", info.id(), e.getMessage());
    } catch (SSLException e) {
      // A client that speaks plain TCP or distrusts the certificate: worth a look, unlike a leave.
      LOG.warn("Connection {} closed: TLS failed: {}", info.id(), e.getMessage());
    } catch (EOFException e) {
      LOG.debug("Connection {} ended by the client mid-message", info.id());
    } catch (RuntimeException | Error e) {
      // Whatever a request did, even running out of stack or memory, ends this connection only.
      LOG.warn("Connection {} closed: handling it failed unexpectedly", info.id(), e);
    } catch (IOException e) {
      // A client leaving (reset, broken pipe) is the normal end of a connection, not an error.
      if (handler.streaming()) {
        // The usual end of a monitoring stream: the client closed its side (MongoClient.close()).
        LOG.debug("Connection {} ended by the client during an exhaust stream", info.id());
      } else if (!stopping) {
        LOG.debug("Connection {} ended by the client ({})", info.id(), e.getMessage());
      }
    } finally {
      LOG.debug("Connection {} closed", info.id());
      onClose.accept(this);
    }
  }

  /** Writes one reply, encoded into the connection's reused buffer. */
  private void send(
      OutputStream out,
      WireMessage message,
      int requestId,
      int responseTo,
      Optional<Compressor> compressor)
      throws IOException {
    replies.reset();
    MessageEncoder.encode(message, requestId, responseTo, compressor, replies);
    out.write(replies.array(), 0, replies.size());
    if (replies.array().length > KEPT_REPLY_BUFFER_BYTES) {
      // A large reply (a full cursor batch) should not pin its buffer for the connection's life.
      replies = new BsonBytesEncoder(INITIAL_REPLY_BUFFER_BYTES);
    }
  }

  /**
   * Whether the client has closed its side, asked by a command in progress on this connection's
   * thread (the only reader then): a read of one byte that waits at most a millisecond, put back so
   * that a request that has begun to arrive is not lost.
   */
  private boolean clientClosedItsSide(BufferedInputStream in) {
    try {
      socket.setSoTimeout(1);
      in.mark(1);
      try {
        return in.read() < 0;
      } finally {
        in.reset();
      }
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException e) {
      // Reset by the peer, or closed by shutdown: either way nobody will read a reply.
      return true;
    } finally {
      try {
        socket.setSoTimeout(0);
      } catch (SocketException ignored) {
        // Closed meanwhile; the next write says so.
      }
    }
  }

  @Override
  public void stopAfterCurrentCommand() {
    stopping = true;
    try {
      // Wake a reader blocked between messages; a command in progress still completes its reply.
      socket.shutdownInput();
    } catch (IOException ignored) {
      // Already closed.
    }
  }

  @Override
  public void closeIfIdle(long nowNanos) {
    long since = waitingSince;
    if (since != BUSY && nowNanos - since > idleTimeout.toNanos()) {
      LOG.debug("Connection {} closed after {} idle", info.id(), idleTimeout);
      abort();
    }
  }

  @Override
  public void abort() {
    stopping = true;
    try {
      socket.close();
    } catch (IOException ignored) {
      // Already closed.
    }
  }

  static String hostAndPort(String socketAddress) {
    int slash = socketAddress.indexOf('/');
    return slash >= 0 ? socketAddress.substring(slash + 1) : socketAddress;
  }
}
