package dev.mongolake.server.wire;

import java.io.IOException;
import org.xerial.snappy.Snappy;

/** Snappy, compressor id 1. */
final class SnappyCompressor implements Compressor {

  @Override
  public String name() {
    return "snappy";
  }

  @Override
  public byte id() {
    return 1;
  }

  @Override
  public byte[] compress(byte[] data) {
    try {
      return Snappy.compress(data);
    } catch (IOException e) {
      throw new WireProtocolException("Cannot compress a reply with snappy: " + e.getMessage(), e);
    }
  }

  @Override
  public byte[] decompress(byte[] data, int uncompressedSize) {
    try {
      if (!Snappy.isValidCompressedBuffer(data)
          || Snappy.uncompressedLength(data) != uncompressedSize) {
        throw new WireProtocolException(
            "Cannot decompress a snappy message: it does not expand to the announced "
                + uncompressedSize
                + " bytes");
      }
      return Snappy.uncompress(data);
    } catch (IOException e) {
      throw new WireProtocolException("Cannot decompress a snappy message: " + e.getMessage(), e);
    }
  }
}
