package dev.mongolake.server.wire;

import java.util.List;
import java.util.Optional;

/** The compressors this server speaks, looked up by wire id or by handshake name. */
public final class Compressors {

  private static final List<Compressor> ALL =
      List.of(
          new NoopCompressor(), new SnappyCompressor(), new ZlibCompressor(), new ZstdCompressor());

  private Compressors() {}

  /** The compressor with this OP_COMPRESSED id, or empty. */
  public static Optional<Compressor> byId(byte id) {
    return ALL.stream().filter(c -> c.id() == id).findFirst();
  }

  /**
   * The compressor with this handshake name, or empty. {@code noop} is not negotiable: it exists
   * only to read messages of clients that use it.
   */
  public static Optional<Compressor> byName(String name) {
    return ALL.stream().filter(c -> c.id() != 0 && c.name().equals(name)).findFirst();
  }

  /**
   * The first of the client's offered compressors that this server supports, as MongoDB picks in
   * the handshake.
   */
  public static Optional<Compressor> negotiate(List<String> offered) {
    return offered.stream().map(Compressors::byName).flatMap(Optional::stream).findFirst();
  }
}
