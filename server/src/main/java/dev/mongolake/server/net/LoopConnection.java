package dev.mongolake.server.net;

import dev.mongolake.DeferredDurability;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonBytesEncoder;
import dev.mongolake.server.command.CommandDispatcher;
import dev.mongolake.server.command.ConnectionInfo;
import dev.mongolake.server.command.UnexpectedFailure;
import dev.mongolake.server.wire.Compressor;
import dev.mongolake.server.wire.MessageEncoder;
import dev.mongolake.server.wire.MessageFrames;
import dev.mongolake.server.wire.MessageHeader;
import dev.mongolake.server.wire.OpMsg;
import dev.mongolake.server.wire.OpReply;
import dev.mongolake.server.wire.WireLimits;
import dev.mongolake.server.wire.WireMessage;
import dev.mongolake.server.wire.WireProtocolException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client connection served by an {@link EventLoop}: the loop reads its requests and writes its
 * replies without blocking.
 *
 * <p>A quick request ({@link RequestHandler#quick}) runs on the loop itself; its writes' wait for
 * durability is collected ({@link DeferredDurability}) and the reply goes out when the log's group
 * commit completes, so an insert occupies the loop only for its CPU work. Any other request (an
 * awaitable {@code hello}, an exhaust stream, a scan, a catalog change) runs on a virtual thread
 * that hands its replies back to the loop. Requests of one connection run one at a time, in order.
 *
 * <p>All fields but the volatile ones belong to the loop's thread.
 */
final class LoopConnection implements WireConnection, EventLoop.ReadyHandler {

  private static final Logger LOG = LoggerFactory.getLogger(LoopConnection.class);
  private static final int INITIAL_RECEIVE_BYTES = 16 * 1024;
  private static final int KEPT_RECEIVE_BYTES = 1024 * 1024;
  private static final int INITIAL_REPLY_BUFFER_BYTES = 4 * 1024;
  private static final int KEPT_REPLY_BUFFER_BYTES = 1024 * 1024;
  // A streaming command on a virtual thread waits while this much is queued for a slow client.
  private static final long MAX_QUEUED_REPLY_BYTES = 16L * 1024 * 1024;
  private static final long BUSY = Long.MIN_VALUE;

  /** A reply produced on the loop, sent once the request's writes are durable. */
  private record Reply(
      WireMessage message, int requestId, int responseTo, Optional<Compressor> compressor) {

    /** The same reply as the error a write that could not be made durable ends in. */
    Reply failed(Throwable error) {
      Throwable cause =
          error instanceof CompletionException && error.getCause() != null
              ? error.getCause()
              : error;
      BsonDocument reply =
          cause instanceof MongoLakeException e
              ? CommandDispatcher.errorReply(e.errorCode(), e.getMessage())
              : CommandDispatcher.errorReply(ErrorCode.INTERNAL_ERROR, cause.toString());
      WireMessage replacement = message instanceof OpReply ? OpReply.of(reply) : OpMsg.reply(reply);
      return new Reply(replacement, requestId, responseTo, compressor);
    }
  }

  private final SocketChannel channel;
  private final EventLoop loop;
  private final RequestHandler handler;
  private final ConnectionInfo info;
  private final Duration idleTimeout;
  private final Consumer<WireConnection> onClose;
  private final ArrayDeque<ByteBuffer> unsent = new ArrayDeque<>();
  private final Object drained = new Object();
  private SelectionKey key;
  // Bytes received and not yet taken as frames, in write mode.
  private ByteBuffer received = ByteBuffer.allocate(INITIAL_RECEIVE_BYTES);
  private BsonBytesEncoder replies = new BsonBytesEncoder(INITIAL_REPLY_BUFFER_BYTES);
  private boolean busy;
  private boolean closeWhenSent;
  private volatile boolean closed;
  private volatile boolean stopping;
  private volatile boolean clientGone;
  private volatile long queuedReplyBytes;
  // When the connection started waiting for its next request ({@link System#nanoTime()}), or BUSY.
  private volatile long waitingSince = BUSY;

  LoopConnection(
      long id,
      SocketChannel channel,
      EventLoop loop,
      CommandDispatcher dispatcher,
      Duration idleTimeout,
      Consumer<WireConnection> onClose)
      throws IOException {
    this.channel = channel;
    this.loop = loop;
    this.idleTimeout = idleTimeout;
    this.onClose = onClose;
    this.info =
        new ConnectionInfo(
            id,
            ClientConnection.hostAndPort(channel.getRemoteAddress().toString()),
            ClientConnection.hostAndPort(channel.getLocalAddress().toString()));
    this.handler = new RequestHandler(dispatcher, info);
    info.watchClient(() -> clientGone || closed);
  }

  /** Starts serving: registers the socket with the loop. Runs on the loop. */
  void open() {
    if (closed) {
      // Aborted (shutdown, idle sweep) before the loop got to it.
      return;
    }
    LOG.debug("Connection {} accepted from {}", info.id(), info.remoteAddress());
    try {
      channel.configureBlocking(false);
      channel.socket().setTcpNoDelay(true);
      key = channel.register(loop.selector(), SelectionKey.OP_READ, this);
      waitingSince = System.nanoTime();
    } catch (IOException e) {
      LOG.debug("Connection {} ended before it was served ({})", info.id(), e.getMessage());
      close();
    }
  }

  @Override
  public void ready(SelectionKey ready) {
    // A failure of any kind, even a request that ran out of stack or memory, closes this
    // connection only, never the loop (as in onLoop): the loop serves every other connection.
    try {
      if (ready.isValid() && ready.isWritable()) {
        sendQueued();
      }
      if (ready.isValid() && ready.isReadable()) {
        receive();
      }
    } catch (RuntimeException | Error e) {
      transportFailed(e);
    }
  }

  /** Runs {@code work} on the loop later; a failure closes this connection only, never the loop. */
  private void onLoop(Runnable work) {
    loop.execute(
        () -> {
          try {
            work.run();
          } catch (RuntimeException | Error e) {
            transportFailed(e);
          }
        });
  }

  private void transportFailed(Throwable e) {
    LOG.warn("Connection {} closed: handling it failed unexpectedly", info.id(), e);
    close();
  }

  private void receive() {
    int read;
    try {
      read = channel.read(received);
    } catch (IOException e) {
      read = -1;
      if (!busy) {
        // Reset by the client: the normal end of a connection, not an error.
        LOG.debug("Connection {} ended by the client ({})", info.id(), e.getMessage());
      }
    }
    if (read < 0) {
      // Requests already received still run (unacknowledged writes count); a command in progress
      // finishes first (an awaitable hello notices and ends early). Then the connection closes.
      clientGone = true;
    }
    takeRequests();
  }

  /** Starts the next whole request received, if the connection is free to run one. */
  private void takeRequests() {
    while (!busy && !closed) {
      if (stopping) {
        closeOnceSent();
        return;
      }
      MessageFrames.Frame frame;
      received.flip();
      try {
        frame = MessageFrames.take(received);
      } catch (WireProtocolException e) {
        LOG.warn("Connection {} closed: {}", info.id(), e.getMessage());
        close();
        return;
      } finally {
        received.compact();
      }
      if (frame == null) {
        if (clientGone) {
          close();
          return;
        }
        makeRoomForFrame();
        break;
      }
      start(handler.decode(frame));
    }
    updateReadInterest();
  }

  /** Grows the buffer, as the bytes of a large message arrive, up to that message's length. */
  private void makeRoomForFrame() {
    if (received.position() == 0 && received.capacity() > KEPT_RECEIVE_BYTES) {
      received = ByteBuffer.allocate(INITIAL_RECEIVE_BYTES);
      return;
    }
    if (received.hasRemaining() || received.position() < Integer.BYTES) {
      return;
    }
    int announced = received.order(ByteOrder.LITTLE_ENDIAN).getInt(0);
    int wanted = (int) Math.min(Math.max(announced, MessageHeader.SIZE), 2L * received.capacity());
    ByteBuffer larger = ByteBuffer.allocate(Math.min(wanted, WireLimits.MAX_MESSAGE_SIZE));
    received.flip();
    larger.put(received);
    received = larger;
  }

  private void updateReadInterest() {
    if (closed || !key.isValid()) {
      return;
    }
    boolean reading = !clientGone && received.hasRemaining();
    int ops = key.interestOps();
    int wanted = reading ? ops | SelectionKey.OP_READ : ops & ~SelectionKey.OP_READ;
    if (wanted != ops) {
      key.interestOps(wanted);
    }
  }

  private void start(RequestHandler.Request request) {
    busy = true;
    waitingSince = BUSY;
    if (handler.quick(request)) {
      runHere(request);
    } else {
      Thread.ofVirtual().name("mongolake-conn-" + info.id()).start(() -> runAside(request));
    }
  }

  /** Runs a quick request on the loop; its replies wait for its writes to be durable. */
  private void runHere(RequestHandler.Request request) {
    List<Reply> produced = new ArrayList<>(1);
    DeferredDurability.Collected<Void> run;
    try {
      run =
          DeferredDurability.collect(
              () -> {
                try {
                  handler.run(
                      request,
                      (message, requestId, responseTo, compressor) ->
                          produced.add(new Reply(message, requestId, responseTo, compressor)),
                      () -> stopping);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
                return null;
              });
    } catch (RuntimeException | Error e) {
      transportFailed(e);
      return;
    }
    if (run.alreadyDurable()) {
      produced.forEach(this::send);
      finished();
      return;
    }
    run.durable()
        .whenComplete(
            (ignored, error) ->
                onLoop(
                    () -> {
                      for (Reply reply : produced) {
                        send(error == null ? reply : reply.failed(error));
                      }
                      finished();
                    }));
  }

  /** Runs a request that may wait on a virtual thread; the loop sends what it produces. */
  private void runAside(RequestHandler.Request request) {
    try {
      handler.run(request, this::sendFromAside, () -> stopping);
    } catch (IOException e) {
      LOG.debug("Connection {} ended by the client during an exhaust stream", info.id());
    } catch (RuntimeException | Error e) {
      // Not on the loop: the connection closes once the loop has sent what is queued.
      LOG.warn("Connection {}: a request failed unexpectedly", info.id(), e);
      stopping = true;
    } finally {
      onLoop(this::finished);
    }
  }

  private void sendFromAside(
      WireMessage message, int requestId, int responseTo, Optional<Compressor> compressor)
      throws IOException {
    if (closed) {
      throw new ClosedChannelException();
    }
    byte[] bytes = MessageEncoder.encode(message, requestId, responseTo, compressor);
    synchronized (drained) {
      queuedReplyBytes += bytes.length;
    }
    onLoop(() -> sendBytes(ByteBuffer.wrap(bytes)));
    // A stream that outpaces its client waits for the queue to drain instead of filling memory.
    synchronized (drained) {
      while (queuedReplyBytes > MAX_QUEUED_REPLY_BYTES && !closed) {
        try {
          drained.wait(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new ClosedChannelException();
        }
      }
    }
  }

  private void finished() {
    busy = false;
    if (closed) {
      return;
    }
    waitingSince = System.nanoTime();
    takeRequests();
  }

  /** Sends a reply produced on the loop. */
  private void send(Reply reply) {
    if (closed) {
      return;
    }
    replies.reset();
    try {
      MessageEncoder.encode(
          reply.message(), reply.requestId(), reply.responseTo(), reply.compressor(), replies);
    } catch (RuntimeException | Error e) {
      // A reply that cannot be encoded (nested past the encoder's depth, say) is replaced by the
      // error it ends in, as RequestHandler answers failures of the other transports.
      LOG.warn("Connection {}: a reply cannot be encoded", info.id(), e);
      replies.reset();
      Reply failed = reply.failed(UnexpectedFailure.of("answer request", e));
      MessageEncoder.encode(
          failed.message(), failed.requestId(), failed.responseTo(), failed.compressor(), replies);
    }
    ByteBuffer bytes = ByteBuffer.wrap(replies.array(), 0, replies.size());
    write(bytes, true);
    if (replies.array().length > KEPT_REPLY_BUFFER_BYTES) {
      replies = new BsonBytesEncoder(INITIAL_REPLY_BUFFER_BYTES);
    }
  }

  private void sendBytes(ByteBuffer bytes) {
    int length = bytes.remaining();
    if (!closed) {
      write(bytes, false);
    }
    synchronized (drained) {
      queuedReplyBytes -= length;
      drained.notifyAll();
    }
  }

  /** Writes now what the socket takes; queues the rest (copied if {@code reused}). */
  private void write(ByteBuffer bytes, boolean reused) {
    try {
      if (unsent.isEmpty()) {
        channel.write(bytes);
        if (!bytes.hasRemaining()) {
          return;
        }
      }
      unsent.add(reused ? ByteBuffer.allocate(bytes.remaining()).put(bytes).flip() : bytes);
      key.interestOps(key.interestOps() | SelectionKey.OP_WRITE);
    } catch (IOException e) {
      // Broken pipe: the client left before its reply.
      LOG.debug("Connection {} ended by the client ({})", info.id(), e.getMessage());
      close();
    }
  }

  private void sendQueued() {
    try {
      while (!unsent.isEmpty()) {
        ByteBuffer head = unsent.peek();
        channel.write(head);
        if (head.hasRemaining()) {
          return;
        }
        unsent.poll();
      }
      key.interestOps(key.interestOps() & ~SelectionKey.OP_WRITE);
      if (closeWhenSent) {
        close();
      }
    } catch (IOException e) {
      LOG.debug("Connection {} ended by the client ({})", info.id(), e.getMessage());
      close();
    }
  }

  private void closeOnceSent() {
    if (unsent.isEmpty()) {
      close();
    } else {
      closeWhenSent = true;
    }
  }

  /** Closes the socket and tells the server; runs on the loop, once. */
  private void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (key != null) {
      key.cancel();
    }
    try {
      channel.close();
    } catch (IOException ignored) {
      // Closing anyway.
    }
    synchronized (drained) {
      drained.notifyAll();
    }
    LOG.debug("Connection {} closed", info.id());
    onClose.accept(this);
  }

  @Override
  public void stopAfterCurrentCommand() {
    stopping = true;
    onLoop(
        () -> {
          if (!busy) {
            closeOnceSent();
          }
        });
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
    onLoop(this::close);
  }
}
