package dev.mongolake.server.net;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.CommandDispatcher;
import dev.mongolake.server.command.ConnectionInfo;
import dev.mongolake.server.command.UnexpectedFailure;
import dev.mongolake.server.wire.Compressor;
import dev.mongolake.server.wire.DecodedMessage;
import dev.mongolake.server.wire.MessageDecoder;
import dev.mongolake.server.wire.MessageFrames;
import dev.mongolake.server.wire.OpMsg;
import dev.mongolake.server.wire.OpQuery;
import dev.mongolake.server.wire.OpReply;
import dev.mongolake.server.wire.WireMessage;
import dev.mongolake.server.wire.WireProtocolException;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers the requests of one connection, whichever transport carries them: decodes a frame, runs
 * its command and hands the replies to a {@link ReplySink}. A malformed message whose framing is
 * intact gets an error reply.
 *
 * <p>Used by one thread at a time (the transport runs a connection's requests in order).
 */
final class RequestHandler {

  /** Where replies go. */
  interface ReplySink {
    /** Sends (or queues, in order) one reply. */
    void send(WireMessage message, int requestId, int responseTo, Optional<Compressor> compressor)
        throws IOException;
  }

  /**
   * A frame, decoded; {@code malformed} holds the reason when it could not be, {@code command} the
   * command of an OP_MSG.
   */
  record Request(
      int requestId,
      DecodedMessage decoded,
      OpMsgCommand command,
      WireProtocolException malformed) {}

  private static final Logger LOG = LoggerFactory.getLogger(RequestHandler.class);
  private static final int UNSUPPORTED_OP_QUERY = 352;

  private final CommandDispatcher dispatcher;
  private final ConnectionInfo info;
  private int nextRequestId = 1;
  // Replies handed to a sink without failing: a request that fails before its first gets one.
  private int replies;
  // Set while this connection streams exhaust replies.
  private volatile boolean streaming;

  RequestHandler(CommandDispatcher dispatcher, ConnectionInfo info) {
    this.dispatcher = dispatcher;
    this.info = info;
  }

  ConnectionInfo info() {
    return info;
  }

  /** Whether the connection is in the middle of an exhaust stream (a failed write ends it). */
  boolean streaming() {
    return streaming;
  }

  /**
   * Decodes a frame; never throws. A message that cannot be decoded, for whatever reason (even one
   * that runs the decoder out of stack or memory), becomes a request answered with an error: its
   * frame is intact, so the connection can go on.
   */
  Request decode(MessageFrames.Frame frame) {
    int requestId = frame.header().requestId();
    try {
      DecodedMessage decoded = MessageDecoder.decode(frame.header(), frame.body());
      OpMsgCommand command = decoded.message() instanceof OpMsg msg ? OpMsgCommand.of(msg) : null;
      return new Request(requestId, decoded, command, null);
    } catch (WireProtocolException e) {
      return new Request(requestId, null, null, e);
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      LOG.warn("Connection {}: cannot decode a message: {}", info.id(), e.toString());
      MongoLakeException failure = UnexpectedFailure.of("decode message", e);
      return new Request(
          requestId,
          null,
          null,
          new WireProtocolException(failure.errorCode(), failure.getMessage(), e));
    }
  }

  /**
   * Whether answering {@code request} is quick, bounded work that never waits (except for the
   * durability of its writes, which a caller can collect): an event loop may then run it itself.
   * Exhaust streams and awaitable commands are not.
   */
  boolean quick(Request request) {
    if (request.malformed() != null) {
      return true;
    }
    return switch (request.decoded().message()) {
      case OpMsg msg -> !msg.exhaustAllowed() && dispatcher.quick(request.command().body());
      case OpQuery ignored -> true;
      case OpReply ignored -> true;
    };
  }

  /**
   * Answers one request: no reply when it asks for none, several on an exhaust stream. A failure no
   * handler meant (the dispatcher answers the usual ones) is answered with an error reply while the
   * request has had none yet; otherwise it is thrown, and the transport closes this connection.
   *
   * @throws IOException if a reply cannot be written
   */
  void run(Request request, ReplySink sink, BooleanSupplier stopping) throws IOException {
    int repliesBefore = replies;
    try {
      answer(request, sink, stopping);
    } catch (RuntimeException | Error e) {
      if (replies != repliesBefore || streaming) {
        throw e;
      }
      LOG.warn("Connection {}: a request failed unexpectedly", info.id(), e);
      if (!wantsReply(request)) {
        return;
      }
      MongoLakeException failure = UnexpectedFailure.of("answer request", e);
      BsonDocument error = CommandDispatcher.errorReply(failure.errorCode(), failure.getMessage());
      boolean legacy = request.decoded() != null && request.decoded().message() instanceof OpQuery;
      send(
          sink,
          legacy ? OpReply.of(error) : OpMsg.reply(error),
          request.requestId(),
          Optional.empty());
    }
  }

  /** Whether the client waits for a reply: all but unacknowledged OP_MSG writes. */
  private static boolean wantsReply(Request request) {
    return request.decoded() == null
        || !(request.decoded().message() instanceof OpMsg msg)
        || !msg.moreToCome();
  }

  private void answer(Request request, ReplySink sink, BooleanSupplier stopping)
      throws IOException {
    int requestId = request.requestId();
    if (request.malformed() != null) {
      LOG.warn(
          "Connection {}: rejected a malformed message: {}",
          info.id(),
          request.malformed().getMessage());
      BsonDocument error =
          CommandDispatcher.errorReply(
              request.malformed().errorCode(), request.malformed().getMessage());
      send(sink, OpMsg.reply(error), requestId, Optional.empty());
      return;
    }
    DecodedMessage decoded = request.decoded();
    switch (decoded.message()) {
      case OpMsg msg ->
          runOpMsg(msg, request.command(), requestId, decoded.compressor(), sink, stopping);
      case OpQuery query ->
          send(sink, OpReply.of(runLegacyQuery(query)), requestId, decoded.compressor());
      case OpReply ignored -> {
        BsonDocument error =
            CommandDispatcher.errorReply(
                ErrorCode.PROTOCOL_ERROR,
                "Cannot handle OP_REPLY: it is a server-to-client message");
        send(sink, OpMsg.reply(error), requestId, Optional.empty());
      }
    }
  }

  /**
   * Runs an OP_MSG command. With {@code moreToCome} (unacknowledged writes) nothing is sent back.
   * With {@code exhaustAllowed}, while the command says the stream goes on (awaitable hello,
   * getMore with more batches), each reply is flagged {@code moreToCome} and the next one follows
   * without a request; the last reply carries no flag.
   */
  private void runOpMsg(
      OpMsg msg,
      OpMsgCommand command,
      int requestId,
      Optional<Compressor> compressor,
      ReplySink sink,
      BooleanSupplier stopping)
      throws IOException {
    String database = command.database();
    BsonDocument body = command.body();
    BsonValue lsid = command.lsid();
    if (msg.moreToCome()) {
      dispatcher.dispatch(database, body, lsid, info, false);
      return;
    }
    boolean exhaust = msg.exhaustAllowed();
    BsonDocument reply = dispatcher.dispatch(database, body, lsid, info, exhaust);
    int responseTo = requestId;
    while (true) {
      // A stream stops at shutdown; an awaitable hello has by then answered ShutdownInProgress.
      Optional<BsonDocument> next =
          exhaust && !stopping.getAsBoolean()
              ? dispatcher.nextExhaustRequest(body, reply)
              : Optional.empty();
      // Set before the write: if it fails, the transport knows the client closed the stream.
      streaming = next.isPresent();
      int sent;
      try {
        sent =
            send(
                sink,
                new OpMsg(next.isPresent() ? OpMsg.MORE_TO_COME : 0, reply, List.of()),
                responseTo,
                compressor);
      } catch (IOException | RuntimeException e) {
        // The client left mid-stream: what the stream holds (an exhaust cursor) dies with it.
        next.ifPresent(dispatcher::exhaustStreamBroken);
        throw e;
      }
      if (next.isEmpty()) {
        return;
      }
      // Drivers match each streamed reply to the one before it, as if it were its request.
      responseTo = sent;
      body = next.get();
      reply = dispatcher.dispatch(database, body, lsid, info, true);
    }
  }

  private int send(
      ReplySink sink, WireMessage message, int responseTo, Optional<Compressor> compressor)
      throws IOException {
    int requestId = nextRequestId++;
    sink.send(message, requestId, responseTo, compressor);
    replies++;
    return requestId;
  }

  /** OP_QUERY survives only for the handshake: commands against {@code <db>.$cmd}. */
  private BsonDocument runLegacyQuery(OpQuery query) {
    String namespace = query.fullCollectionName();
    if (!namespace.endsWith(".$cmd")) {
      return new BsonDocument(
              "$err",
              new BsonString(
                  "OP_QUERY is no longer supported. The client driver may require an upgrade."))
          .append("code", new BsonInt32(UNSUPPORTED_OP_QUERY))
          .append("ok", new BsonDouble(0));
    }
    String database = namespace.substring(0, namespace.length() - ".$cmd".length());
    BsonDocument command = query.query();
    // Old drivers wrap the command as {$query: {...}, $readPreference: ...}.
    if (command.isDocument("$query")) {
      command = command.getDocument("$query");
    }
    return dispatcher.dispatch(database, command, info);
  }
}
