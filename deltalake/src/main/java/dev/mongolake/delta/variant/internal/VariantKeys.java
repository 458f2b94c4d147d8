package dev.mongolake.delta.variant.internal;

import static dev.mongolake.delta.variant.internal.VariantFormat.METADATA_VERSION;

import dev.mongolake.delta.variant.VariantCodecException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A Variant metadata dictionary, its keys turned into strings only when asked for: a reader that
 * looks up a few fields of a large document compares key bytes and builds none of the others.
 */
final class VariantKeys {
  private final byte[] metadata;
  private final ByteBuffer in;
  private final int offsetSize;
  private final int offsetsAt;
  private final int bytesAt;
  private final String[] keys;

  private VariantKeys(byte[] metadata) {
    this.metadata = metadata;
    this.in = ByteBuffer.wrap(metadata).order(ByteOrder.LITTLE_ENDIAN);
    int header = in.get(0) & 0xFF;
    if ((header & 0x0F) != METADATA_VERSION) {
      throw new VariantCodecException(
          "Cannot decode Variant: metadata version " + (header & 0x0F) + " is not 1");
    }
    this.offsetSize = ((header >>> 6) & 0x03) + 1;
    int size = VariantDecoder.unsigned(in, 1, offsetSize);
    this.offsetsAt = 1 + offsetSize;
    this.bytesAt = offsetsAt + (size + 1) * offsetSize;
    if (bytesAt < 0 || bytesAt > metadata.length) {
      throw new VariantCodecException(
          "Cannot decode Variant: metadata of " + size + " keys is cut");
    }
    this.keys = new String[size];
  }

  /** The dictionary of {@code metadata} (its header checked now, its keys read when used). */
  static VariantKeys of(byte[] metadata) {
    return new VariantKeys(metadata);
  }

  /** Key {@code id}. */
  String get(int id) {
    String key = keys[id];
    if (key == null) {
      int from = start(id);
      key = new String(metadata, from, end(id) - from, StandardCharsets.UTF_8);
      keys[id] = key;
    }
    return key;
  }

  /** Whether key {@code id} is {@code utf8}, compared as bytes. */
  boolean is(int id, byte[] utf8) {
    int from = start(id);
    int to = end(id);
    return to - from == utf8.length && Arrays.equals(metadata, from, to, utf8, 0, utf8.length);
  }

  private int start(int id) {
    return bytesAt + VariantDecoder.unsigned(in, offsetsAt + id * offsetSize, offsetSize);
  }

  private int end(int id) {
    return bytesAt + VariantDecoder.unsigned(in, offsetsAt + (id + 1) * offsetSize, offsetSize);
  }
}
