package dev.mongolake.delta.parquet;

import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The page compression codecs MongoLake writes and reads. Each is implemented without Hadoop (zstd
 * through zstd-jni, snappy through snappy-java).
 */
public enum ParquetCodec {
  /** Zstandard: the default; about 10% smaller files than snappy at similar speed. */
  ZSTD(CompressionCodecName.ZSTD),
  /** Snappy: the most widely read codec. */
  SNAPPY(CompressionCodecName.SNAPPY),
  /** No compression. */
  UNCOMPRESSED(CompressionCodecName.UNCOMPRESSED);

  private final CompressionCodecName parquetName;

  ParquetCodec(CompressionCodecName parquetName) {
    this.parquetName = parquetName;
  }

  /** The codec's name in Parquet metadata. */
  public CompressionCodecName parquetName() {
    return parquetName;
  }

  /**
   * The codec a file's column chunk names.
   *
   * @throws ParquetFileException if the codec is not one of ours (for example GZIP or LZ4)
   */
  public static ParquetCodec of(CompressionCodecName name) {
    for (ParquetCodec codec : values()) {
      if (codec.parquetName == name) {
        return codec;
      }
    }
    throw new ParquetFileException(
        "Cannot decompress Parquet pages: unsupported codec "
            + name
            + " (supported: ZSTD, SNAPPY,"
            + " UNCOMPRESSED)");
  }
}
