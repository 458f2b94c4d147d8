package dev.mongolake.delta.variant;

import dev.mongolake.delta.variant.internal.VariantDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.bson.BsonValue;

/**
 * Reads the values at a fixed list of dotted paths straight from a document's Variant encoding,
 * decoding nothing else: what a columnar scan of fields that are not promoted columns reads. Each
 * value is what {@link BsonVariantCodec#decode} followed by a walk down the path gives (null where
 * the path is missing or a scalar stands above its end); a path that crosses an array before its
 * end is not answered ({@link #extract} returns false), since MongoDB's path semantics then look
 * into the elements: decode that document whole. Immutable and thread-safe.
 */
public final class VariantPaths {
  private final List<String> paths;
  private final byte[][][] segments;

  /** The paths, dotted ({@code "address.city"}). */
  public VariantPaths(List<String> paths) {
    this.paths = List.copyOf(paths);
    this.segments = new byte[this.paths.size()][][];
    for (int i = 0; i < segments.length; i++) {
      String[] names = this.paths.get(i).split("\\.");
      segments[i] = new byte[names.length][];
      for (int j = 0; j < names.length; j++) {
        segments[i][j] = names[j].getBytes(StandardCharsets.UTF_8);
      }
    }
  }

  /** The paths, in the order of {@link #extract}'s values. */
  public List<String> paths() {
    return paths;
  }

  /**
   * Puts the value at each path into {@code out} (null for missing).
   *
   * @return false when some path crosses an array: {@code out} is then incomplete
   * @throws VariantCodecException if the bytes are malformed or hold no document
   */
  public boolean extract(byte[] metadata, byte[] value, BsonValue[] out) {
    return VariantDecoder.extract(metadata, value, segments, out);
  }
}
