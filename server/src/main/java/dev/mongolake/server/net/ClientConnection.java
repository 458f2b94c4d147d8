package dev.mongolake.server.net;

import dev.mongolake.ErrorCode;
import dev.mongolake.delta.bson.BsonBytesEncoder;
import dev.mongolake.server.command.CommandDispatcher;
import dev.mongolake.server.command.ConnectionInfo;
import dev.mongolake.server.wire.Compressor;
import dev.mongolake.server.wire.DecodedMessage;
import dev.mongolake.server.wire.MessageDecoder;
import dev.mongolake.server.wire.MessageEncoder;
import dev.mongolake.server.wire.MessageFrames;
import dev.mongolake.server.wire.OpMsg;
import dev.mongolake.server.wire.OpQuery;
import dev.mongolake.server.wire.OpReply;
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
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.bson.BsonDocument;
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
final class ClientConnection implements Runnable {

  private static final Logger LOG = LoggerFactory.getLogger(ClientConnection.class);
  private static final int UNSUPPORTED_OP_QUERY = 352;
  private static final int INITIAL_REPLY_BUFFER_BYTES = 4 * 1024;
  private static final int KEPT_REPLY_BUFFER_BYTES = 1024 * 1024;

  /** {@link #waitingSince} while a request is being answered. */
  private static final long BUSY = Long.MIN_VALUE;

  private final Socket socket;
  private final CommandDispatcher dispatcher;
  private final Consumer<ClientConnection> onClose;
  private final ConnectionInfo info;
  private final Duration idleTimeout;
  private final AtomicInteger nextRequestId = new AtomicInteger(1);
  private volatile boolean stopping;
  // When the connection started waiting for its next request ({@link System#nanoTime()}), or BUSY.
  private volatile long waitingSince = BUSY;
  // Set while this connection streams exhaust replies; the thread is the only writer.
  private boolean streaming;
  // Every reply is encoded here; only the connection's thread uses it.
  private BsonBytesEncoder replies = new BsonBytesEncoder(INITIAL_REPLY_BUFFER_BYTES);

  ClientConnection(
      long id,
      Socket socket,
      CommandDispatcher dispatcher,
      Duration idleTimeout,
      Consumer<ClientConnection> onClose) {
    this.socket = socket;
    this.dispatcher = dispatcher;
    this.onClose = onClose;
    this.idleTimeout = idleTimeout;
    this.info =
        new ConnectionInfo(
            id,
            hostAndPort(socket.getRemoteSocketAddress().toString()),
            hostAndPort(socket.getLocalSocketAddress().toString()));
  }

  @Override
  public void run() {
    LOG.info("Connection {} accepted from {}", info.id(), info.remoteAddress());
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
        handle(frame, out);
      }
    } catch (WireProtocolException e) {
      LOG.warn("Connection {} closed: {}", info.id(), e.getMessage());
    } catch (EOFException e) {
      LOG.info("Connection {} closed by the client mid-message", info.id());
    } catch (IOException e) {
      if (streaming) {
        // The usual end of a monitoring stream: the client closed its side (MongoClient.close()).
        LOG.info("Connection {} closed by the client during an exhaust stream", info.id());
      } else if (!stopping) {
        LOG.info("Connection {} closed: {}", info.id(), e.getMessage());
      }
    } finally {
      LOG.info("Connection {} ended", info.id());
      onClose.accept(this);
    }
  }

  /** Answers one request: no reply when it asks for none, several on an exhaust stream. */
  private void handle(MessageFrames.Frame frame, OutputStream out) throws IOException {
    int requestId = frame.header().requestId();
    DecodedMessage decoded;
    try {
      decoded = MessageDecoder.decode(frame.header(), frame.body());
    } catch (WireProtocolException e) {
      LOG.warn("Connection {}: rejected a malformed message: {}", info.id(), e.getMessage());
      BsonDocument error = CommandDispatcher.errorReply(ErrorCode.PROTOCOL_ERROR, e.getMessage());
      send(out, OpMsg.reply(error), requestId, Optional.empty());
      return;
    }
    switch (decoded.message()) {
      case OpMsg msg -> runOpMsg(msg, requestId, decoded.compressor(), out);
      case OpQuery query ->
          send(out, OpReply.of(runLegacyQuery(query)), requestId, decoded.compressor());
      case OpReply ignored -> {
        BsonDocument error =
            CommandDispatcher.errorReply(
                ErrorCode.PROTOCOL_ERROR,
                "Cannot handle OP_REPLY: it is a server-to-client message");
        send(out, OpMsg.reply(error), requestId, Optional.empty());
      }
    }
  }

  /**
   * Runs an OP_MSG command. With {@code moreToCome} (unacknowledged writes) nothing is sent back.
   * With {@code exhaustAllowed}, while the command says the stream goes on (awaitable hello,
   * getMore with more batches), each reply is flagged {@code moreToCome} and the next one follows
   * without a request; the last reply carries no flag.
   */
  private void runOpMsg(OpMsg msg, int requestId, Optional<Compressor> compressor, OutputStream out)
      throws IOException {
    OpMsgCommand command = OpMsgCommand.of(msg);
    String database = command.database();
    BsonDocument body = command.body();
    if (msg.moreToCome()) {
      dispatcher.dispatch(database, body, info);
      return;
    }
    boolean exhaust = msg.exhaustAllowed();
    BsonDocument reply = dispatcher.dispatch(database, body, info, exhaust);
    int responseTo = requestId;
    while (true) {
      // A stream stops at shutdown; an awaitable hello has by then answered ShutdownInProgress.
      Optional<BsonDocument> next =
          exhaust && !stopping ? dispatcher.nextExhaustRequest(body, reply) : Optional.empty();
      int sent =
          send(
              out,
              new OpMsg(next.isPresent() ? OpMsg.MORE_TO_COME : 0, reply, List.of()),
              responseTo,
              compressor);
      // Left set when a write fails: run() then knows the client closed the stream.
      streaming = next.isPresent();
      if (next.isEmpty()) {
        return;
      }
      // Drivers match each streamed reply to the one before it, as if it were its request.
      responseTo = sent;
      body = next.get();
      reply = dispatcher.dispatch(database, body, info, true);
    }
  }

  /** Writes one reply; returns the request id it was sent with. */
  private int send(
      OutputStream out, WireMessage message, int responseTo, Optional<Compressor> compressor)
      throws IOException {
    int requestId = nextRequestId.getAndIncrement();
    replies.reset();
    MessageEncoder.encode(message, requestId, responseTo, compressor, replies);
    out.write(replies.array(), 0, replies.size());
    if (replies.array().length > KEPT_REPLY_BUFFER_BYTES) {
      // A large reply (a full cursor batch) should not pin its buffer for the connection's life.
      replies = new BsonBytesEncoder(INITIAL_REPLY_BUFFER_BYTES);
    }
    return requestId;
  }

  /** OP_QUERY survives only for the handshake: commands against {@code <db>.$cmd}. */
  private BsonDocument runLegacyQuery(OpQuery query) {
    String namespace = query.fullCollectionName();
    if (!namespace.endsWith(".$cmd")) {
      BsonDocument error =
          new BsonDocument(
                  "$err",
                  new org.bson.BsonString(
                      "OP_QUERY is no longer supported. The client driver may require an upgrade."))
              .append("code", new org.bson.BsonInt32(UNSUPPORTED_OP_QUERY))
              .append("ok", new org.bson.BsonDouble(0));
      return error;
    }
    String database = namespace.substring(0, namespace.length() - ".$cmd".length());
    BsonDocument command = query.query();
    // Old drivers wrap the command as {$query: {...}, $readPreference: ...}.
    if (command.isDocument("$query")) {
      command = command.getDocument("$query");
    }
    return dispatcher.dispatch(database, command, info);
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

  /** Asks the loop to stop once the command in progress has been answered. */
  void stopAfterCurrentCommand() {
    stopping = true;
    try {
      // Wake a reader blocked between messages; a command in progress still completes its reply.
      socket.shutdownInput();
    } catch (IOException ignored) {
      // Already closed.
    }
  }

  /**
   * Closes the connection if it has waited longer than its idle timeout for a request (or for the
   * rest of one); a command in progress or an exhaust stream is never idle.
   */
  void closeIfIdle(long nowNanos) {
    long since = waitingSince;
    if (since != BUSY && nowNanos - since > idleTimeout.toNanos()) {
      LOG.info("Connection {} closed after {} idle", info.id(), idleTimeout);
      abort();
    }
  }

  /** Closes the socket at once. */
  void abort() {
    stopping = true;
    try {
      socket.close();
    } catch (IOException ignored) {
      // Already closed.
    }
  }

  private static String hostAndPort(String socketAddress) {
    int slash = socketAddress.indexOf('/');
    return slash >= 0 ? socketAddress.substring(slash + 1) : socketAddress;
  }
}
