package dev.mongolake.server.net;

import dev.mongolake.ErrorCode;
import dev.mongolake.server.command.CommandDispatcher;
import dev.mongolake.server.command.ConnectionInfo;
import dev.mongolake.server.wire.DecodedMessage;
import dev.mongolake.server.wire.MessageDecoder;
import dev.mongolake.server.wire.MessageEncoder;
import dev.mongolake.server.wire.MessageFrames;
import dev.mongolake.server.wire.OpMsg;
import dev.mongolake.server.wire.OpQuery;
import dev.mongolake.server.wire.OpReply;
import dev.mongolake.server.wire.WireProtocolException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
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
 */
final class ClientConnection implements Runnable {

  private static final Logger LOG = LoggerFactory.getLogger(ClientConnection.class);
  private static final int UNSUPPORTED_OP_QUERY = 352;

  private final Socket socket;
  private final CommandDispatcher dispatcher;
  private final Consumer<ClientConnection> onClose;
  private final ConnectionInfo info;
  private final Duration idleTimeout;
  private final AtomicInteger nextRequestId = new AtomicInteger(1);
  private volatile boolean stopping;

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
      socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, idleTimeout.toMillis()));
      InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
      OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
      while (!stopping) {
        MessageFrames.Frame frame = MessageFrames.read(in);
        if (frame == null) {
          break;
        }
        byte[] reply = handle(frame);
        if (reply != null) {
          out.write(reply);
          out.flush();
        }
      }
    } catch (SocketTimeoutException e) {
      LOG.info("Connection {} closed after {} idle", info.id(), idleTimeout);
    } catch (WireProtocolException e) {
      LOG.warn("Connection {} closed: {}", info.id(), e.getMessage());
    } catch (EOFException e) {
      LOG.info("Connection {} closed by the client mid-message", info.id());
    } catch (IOException e) {
      if (!stopping) {
        LOG.info("Connection {} closed: {}", info.id(), e.getMessage());
      }
    } finally {
      LOG.info("Connection {} ended", info.id());
      onClose.accept(this);
    }
  }

  /** The bytes to send back, or {@code null} when the request asks for no reply. */
  private byte[] handle(MessageFrames.Frame frame) {
    int requestId = frame.header().requestId();
    DecodedMessage decoded;
    try {
      decoded = MessageDecoder.decode(frame.header(), frame.body());
    } catch (WireProtocolException e) {
      LOG.warn("Connection {}: rejected a malformed message: {}", info.id(), e.getMessage());
      BsonDocument error = CommandDispatcher.errorReply(ErrorCode.PROTOCOL_ERROR, e.getMessage());
      return MessageEncoder.encode(
          OpMsg.reply(error), nextRequestId.getAndIncrement(), requestId, Optional.empty());
    }
    return switch (decoded.message()) {
      case OpMsg msg -> {
        BsonDocument command = msg.command();
        String database = command.isString("$db") ? command.getString("$db").getValue() : null;
        BsonDocument reply = dispatcher.dispatch(database, withoutGenericFields(command), info);
        yield msg.moreToCome()
            ? null
            : MessageEncoder.encode(
                OpMsg.reply(reply),
                nextRequestId.getAndIncrement(),
                requestId,
                decoded.compressor());
      }
      case OpQuery query ->
          MessageEncoder.encode(
              OpReply.of(runLegacyQuery(query)),
              nextRequestId.getAndIncrement(),
              requestId,
              decoded.compressor());
      case OpReply ignored -> {
        BsonDocument error =
            CommandDispatcher.errorReply(
                ErrorCode.PROTOCOL_ERROR,
                "Cannot handle OP_REPLY: it is a server-to-client message");
        yield MessageEncoder.encode(
            OpMsg.reply(error), nextRequestId.getAndIncrement(), requestId, Optional.empty());
      }
    };
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

  /** Fields every command may carry that handlers need not see. */
  private static BsonDocument withoutGenericFields(BsonDocument command) {
    BsonDocument copy = null;
    for (String field :
        new String[] {
          "$db",
          "lsid",
          "$clusterTime",
          "$readPreference",
          "txnNumber",
          "autocommit",
          "startTransaction",
          "apiVersion",
          "apiStrict",
          "apiDeprecationErrors"
        }) {
      if (command.containsKey(field)) {
        if (copy == null) {
          copy = command.clone();
        }
        copy.remove(field);
      }
    }
    return copy == null ? command : copy;
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
