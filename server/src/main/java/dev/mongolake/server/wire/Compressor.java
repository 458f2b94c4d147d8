package dev.mongolake.server.wire;

/**
 * A message compressor of OP_COMPRESSED, negotiated by name in the {@code hello} handshake and
 * identified by a one-byte id on the wire.
 */
public interface Compressor {

  /** Name used in the handshake's {@code compression} list (for example {@code "zstd"}). */
  String name();

  /** The compressorId byte of OP_COMPRESSED. */
  byte id();

  byte[] compress(byte[] data);

  /**
   * Decompresses {@code data} that must expand to exactly {@code uncompressedSize} bytes.
   *
   * @throws WireProtocolException if the data is corrupt or has another size
   */
  byte[] decompress(byte[] data, int uncompressedSize);
}
