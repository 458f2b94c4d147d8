package dev.mongolake.server.wire;

import java.io.ByteArrayOutputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/** zlib (deflate with zlib framing), compressor id 2. */
final class ZlibCompressor implements Compressor {

  @Override
  public String name() {
    return "zlib";
  }

  @Override
  public byte id() {
    return 2;
  }

  @Override
  public byte[] compress(byte[] data) {
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
    try {
      deflater.setInput(data);
      deflater.finish();
      ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, data.length / 2));
      byte[] chunk = new byte[8192];
      while (!deflater.finished()) {
        out.write(chunk, 0, deflater.deflate(chunk));
      }
      return out.toByteArray();
    } finally {
      deflater.end();
    }
  }

  @Override
  public byte[] decompress(byte[] data, int uncompressedSize) {
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(data);
      byte[] out = new byte[uncompressedSize];
      int length = 0;
      while (length < uncompressedSize && !inflater.finished()) {
        int n = inflater.inflate(out, length, uncompressedSize - length);
        if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
          break;
        }
        length += n;
      }
      if (length != uncompressedSize || !inflater.finished()) {
        throw new WireProtocolException(
            "Cannot decompress a zlib message: it does not expand to the announced "
                + uncompressedSize
                + " bytes");
      }
      return out;
    } catch (DataFormatException e) {
      throw new WireProtocolException("Cannot decompress a zlib message: " + e.getMessage(), e);
    } finally {
      inflater.end();
    }
  }
}
