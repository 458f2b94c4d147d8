package dev.mongolake.server.net;

import dev.mongolake.server.wire.MessageDecoder;
import dev.mongolake.server.wire.MessageEncoder;
import dev.mongolake.server.wire.MessageFrames;
import dev.mongolake.server.wire.MessageHeader;
import dev.mongolake.server.wire.OpMsg;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * A raw OP_MSG client for tests that look at what drivers hide: flag bits and message ids. Not
 * thread-safe.
 */
final class WireTestClient implements AutoCloseable {

  /** One reply as it came off the wire. */
  record Reply(MessageHeader header, int flagBits, BsonDocument body) {

    boolean moreToCome() {
      return (flagBits & OpMsg.MORE_TO_COME) != 0;
    }

    boolean ok() {
      return body.get("ok").asNumber().doubleValue() == 1.0;
    }
  }

  private final Socket socket;
  private final InputStream in;
  private int nextRequestId = 1;

  private WireTestClient(Socket socket) throws IOException {
    this.socket = socket;
    this.in = new BufferedInputStream(socket.getInputStream());
  }

  /** Connects to 127.0.0.1; a read waits at most {@code readTimeout}. */
  static WireTestClient connect(int port, Duration readTimeout) throws IOException {
    return connect(new Socket("127.0.0.1", port), readTimeout);
  }

  /** Reads replies from a socket the test also writes to itself. */
  static WireTestClient connect(Socket socket, Duration readTimeout) throws IOException {
    socket.setSoTimeout((int) readTimeout.toMillis());
    return new WireTestClient(socket);
  }

  /** Sends {@code command} (with its {@code $db}) as OP_MSG with these flags; returns its id. */
  int send(BsonDocument command, int flagBits) throws IOException {
    int requestId = nextRequestId++;
    socket
        .getOutputStream()
        .write(
            MessageEncoder.encode(
                new OpMsg(flagBits, command, List.of()), requestId, 0, Optional.empty()));
    return requestId;
  }

  /** Sends bytes written by hand: a whole message, as a hostile client would build it. */
  void sendRaw(byte[] message) throws IOException {
    socket.getOutputStream().write(message);
  }

  /** The next reply; fails if the server closes the connection first. */
  Reply read() throws IOException {
    MessageFrames.Frame frame = MessageFrames.read(in);
    if (frame == null) {
      throw new EOFException("the server closed the connection");
    }
    OpMsg msg = (OpMsg) MessageDecoder.decode(frame.header(), frame.body()).message();
    return new Reply(frame.header(), msg.flagBits(), msg.body());
  }

  /** Whether the server has closed the connection (reads until it does or a reply arrives). */
  boolean closedByServer() throws IOException {
    return MessageFrames.read(in) == null;
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
