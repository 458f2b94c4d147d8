package dev.mongolake.server.wire;

/** The "noop" compressor, id 0: OP_COMPRESSED framing around uncompressed bytes. */
final class NoopCompressor implements Compressor {

  @Override
  public String name() {
    return "noop";
  }

  @Override
  public byte id() {
    return 0;
  }

  @Override
  public byte[] compress(byte[] data) {
    return data.clone();
  }

  @Override
  public byte[] decompress(byte[] data, int uncompressedSize) {
    if (data.length != uncompressedSize) {
      throw new WireProtocolException(
          "Cannot read a noop-compressed message: it holds "
              + data.length
              + " bytes, not the announced "
              + uncompressedSize);
    }
    return data.clone();
  }
}
