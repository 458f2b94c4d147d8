package dev.mongolake.delta.parquet.internal;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * zstd contexts kept for reuse. {@code Zstd.decompress} and {@code Zstd.compress} create and free a
 * native context on every call; a point read decompresses a handful of small pages, and making the
 * context cost about as much as decompressing them. A bounded pool rather than one per thread:
 * scans run on virtual threads, each of which would otherwise keep a context of its own.
 *
 * <p>Thread-safe.
 */
final class ZstdContexts {

  /** Contexts kept beyond those in use; more are created on demand and freed after use. */
  private static final int KEPT = 4 * Runtime.getRuntime().availableProcessors();

  private static final BlockingQueue<ZstdDecompressCtx> DECOMPRESSORS =
      new ArrayBlockingQueue<>(KEPT);
  private static final BlockingQueue<ZstdCompressCtx> COMPRESSORS = new ArrayBlockingQueue<>(KEPT);

  private ZstdContexts() {}

  /** {@code compressed} decompressed into a new array of {@code uncompressedSize} bytes at most. */
  static byte[] decompress(byte[] compressed, int uncompressedSize) {
    ZstdDecompressCtx context = DECOMPRESSORS.poll();
    if (context == null) {
      context = new ZstdDecompressCtx();
    }
    boolean reusable = false;
    try {
      byte[] out = context.decompress(compressed, uncompressedSize);
      reusable = true;
      return out;
    } finally {
      // A context a failed call left behind may hold half a frame: freed, never reused.
      if (!reusable || !DECOMPRESSORS.offer(context)) {
        context.close();
      }
    }
  }

  /** {@code bytes} compressed as one zstd frame at {@code level}. */
  static byte[] compress(byte[] bytes, int level) {
    ZstdCompressCtx context = COMPRESSORS.poll();
    if (context == null) {
      context = new ZstdCompressCtx();
    }
    boolean reusable = false;
    try {
      context.setLevel(level);
      byte[] out = context.compress(bytes);
      reusable = true;
      return out;
    } finally {
      if (!reusable || !COMPRESSORS.offer(context)) {
        context.close();
      }
    }
  }
}
