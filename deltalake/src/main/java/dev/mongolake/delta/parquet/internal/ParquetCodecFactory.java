package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.parquet.ParquetCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Page compression without Hadoop: parquet-java's default factory instantiates Hadoop codec classes
 * (and Hadoop's zlib support), which we neither want nor ship. Stateless and thread-safe.
 */
public final class ParquetCodecFactory implements CompressionCodecFactory {
  private final int zstdLevel;

  public ParquetCodecFactory(int zstdLevel) {
    this.zstdLevel = zstdLevel;
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName name) {
    ParquetCodec codec = ParquetCodec.of(name);
    return new Compressor(codec, zstdLevel);
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName name) {
    return new Decompressor(ParquetCodec.of(name));
  }

  @Override
  public void release() {}

  private record Compressor(ParquetCodec codec, int level) implements BytesInputCompressor {
    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      return switch (codec) {
        case UNCOMPRESSED -> bytes;
        case ZSTD -> BytesInput.from(ZstdContexts.compress(bytesOf(bytes), level));
        case SNAPPY -> BytesInput.from(Snappy.compress(bytesOf(bytes)));
      };
    }

    @Override
    public CompressionCodecName getCodecName() {
      return codec.parquetName();
    }

    @Override
    public void release() {}
  }

  private record Decompressor(ParquetCodec codec) implements BytesInputDecompressor {
    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      return switch (codec) {
        case UNCOMPRESSED -> bytes;
        case ZSTD -> BytesInput.from(zstd(bytesOf(bytes), uncompressedSize));
        case SNAPPY -> BytesInput.from(Snappy.uncompress(bytesOf(bytes)));
      };
    }

    @Override
    public void decompress(
        ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
        throws IOException {
      byte[] compressed = new byte[compressedSize];
      input.get(compressed);
      output.put(bytesOf(decompress(BytesInput.from(compressed), uncompressedSize)));
    }

    private static byte[] zstd(byte[] compressed, int uncompressedSize) throws IOException {
      byte[] out = ZstdContexts.decompress(compressed, uncompressedSize);
      if (out.length != uncompressedSize) {
        throw new IOException(
            "Cannot decompress zstd page: got "
                + out.length
                + " bytes, the page header says "
                + uncompressedSize);
      }
      return out;
    }

    @Override
    public void release() {}
  }

  /** The bytes of a page, copied once (BytesInput.toByteArray is deprecated). */
  private static byte[] bytesOf(BytesInput input) throws IOException {
    byte[] out = new byte[Math.toIntExact(input.size())];
    input.writeAllTo(
        new OutputStream() {
          private int at;

          @Override
          public void write(int b) {
            out[at++] = (byte) b;
          }

          @Override
          public void write(byte[] b, int off, int len) {
            System.arraycopy(b, off, out, at, len);
            at += len;
          }
        });
    return out;
  }
}
