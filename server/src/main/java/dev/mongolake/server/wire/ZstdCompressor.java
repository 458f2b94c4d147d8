package dev.mongolake.server.wire;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;

/** Zstandard, compressor id 3. */
final class ZstdCompressor implements Compressor {

  private static final int LEVEL = 3;

  @Override
  public String name() {
    return "zstd";
  }

  @Override
  public byte id() {
    return 3;
  }

  @Override
  public byte[] compress(byte[] data) {
    return Zstd.compress(data, LEVEL);
  }

  @Override
  public byte[] decompress(byte[] data, int uncompressedSize) {
    try {
      byte[] out = new byte[uncompressedSize];
      long n = Zstd.decompress(out, data);
      if (n != uncompressedSize) {
        throw new WireProtocolException(
            "Cannot decompress a zstd message: it expands to "
                + n
                + " bytes, not the announced "
                + uncompressedSize);
      }
      return out;
    } catch (ZstdException e) {
      throw new WireProtocolException("Cannot decompress a zstd message: " + e.getMessage(), e);
    }
  }
}
