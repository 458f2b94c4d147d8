package dev.mongolake.delta.dv;

import dev.mongolake.delta.exceptions.CorruptDeletionVectorException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;
import java.util.TreeMap;
import org.roaringbitmap.PeekableIntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * The rows of one data file that a Delta deletion vector marks as deleted: a set of physical row
 * indexes (0-based positions over all the file's row groups, as a Parquet reader numbers rows). It
 * is the 64-bit {@code RoaringBitmapArray} of the protocol: the high 32 bits of an index pick a
 * bucket, a 32-bit Roaring bitmap holds the low 32 bits.
 *
 * <p>Reading builds one from the bytes of a deletion vector ({@link #deserialize}); writing (the
 * next step: deletes and updates by deletion vector) builds one with {@link #builder()} or {@link
 * #union} and stores {@link #serialize()}, which is the protocol's portable format with its magic
 * number, so Spark and delta-kernel read what we write.
 *
 * <p>Immutable and thread-safe: the bitmaps are never changed after construction and never leave
 * this object.
 */
public final class DeletedRows {
  /** The magic number of the portable {@code RoaringBitmapArray} serialization. */
  public static final int PORTABLE_MAGIC = 1681511377;

  private static final DeletedRows NONE = new DeletedRows(new int[0], new RoaringBitmap[0]);

  // Ascending bucket keys (high 32 bits, never negative) and their bitmaps (low 32 bits).
  private final int[] keys;
  private final RoaringBitmap[] buckets;
  private final long cardinality;

  private DeletedRows(int[] keys, RoaringBitmap[] buckets) {
    this.keys = keys;
    this.buckets = buckets;
    long total = 0;
    for (RoaringBitmap bucket : buckets) {
      total += bucket.getLongCardinality();
    }
    this.cardinality = total;
  }

  /** No deleted row. */
  public static DeletedRows none() {
    return NONE;
  }

  /**
   * The given row indexes.
   *
   * @throws IllegalArgumentException if an index is negative
   */
  public static DeletedRows of(long... rowIndexes) {
    Builder builder = builder();
    for (long rowIndex : rowIndexes) {
      builder.add(rowIndex);
    }
    return builder.build();
  }

  /** A builder, for writers of deletion vectors. */
  public static Builder builder() {
    return new Builder();
  }

  /** Whether the row at {@code rowIndex} is deleted (false for a negative index). */
  public boolean contains(long rowIndex) {
    if (rowIndex < 0 || keys.length == 0) {
      return false;
    }
    int key = (int) (rowIndex >>> 32);
    // Files rarely have more than 2^32 rows: the first bucket answers without a search.
    int bucket = keys[0] == key ? 0 : Arrays.binarySearch(keys, key);
    return bucket >= 0 && buckets[bucket].contains((int) rowIndex);
  }

  /** How many rows are deleted. */
  public long cardinality() {
    return cardinality;
  }

  /** Whether no row is deleted. */
  public boolean isEmpty() {
    return cardinality == 0;
  }

  /** The largest deleted row index, or -1 when none is deleted. */
  public long maxRowIndex() {
    for (int bucket = buckets.length - 1; bucket >= 0; bucket--) {
      if (!buckets[bucket].isEmpty()) {
        return ((long) keys[bucket] << 32) | (buckets[bucket].last() & 0xFFFFFFFFL);
      }
    }
    return -1;
  }

  /** The deleted row indexes, ascending. */
  public PrimitiveIterator.OfLong iterator() {
    return new PrimitiveIterator.OfLong() {
      private int bucket = -1;
      private PeekableIntIterator low;

      @Override
      public boolean hasNext() {
        while (low == null || !low.hasNext()) {
          if (bucket + 1 >= buckets.length) {
            return false;
          }
          bucket++;
          low = buckets[bucket].getIntIterator();
        }
        return true;
      }

      @Override
      public long nextLong() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return ((long) keys[bucket] << 32) | (low.next() & 0xFFFFFFFFL);
      }
    };
  }

  /** The rows deleted here or in {@code other}: a writer adding deletes to a file's vector. */
  public DeletedRows union(DeletedRows other) {
    if (other.isEmpty()) {
      return this;
    }
    if (isEmpty()) {
      return other;
    }
    Builder builder = builder().addAll(this);
    return builder.addAll(other).build();
  }

  /**
   * The portable serialization with the magic number ({@link #PORTABLE_MAGIC}, then the bucket
   * count as 8 bytes and each bucket's key and 32-bit Roaring bitmap, all little-endian): the bytes
   * an inline deletion vector encodes and a deletion vector file frames.
   */
  public byte[] serialize() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(serializedSize());
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(Integer.reverseBytes(PORTABLE_MAGIC));
      out.writeLong(Long.reverseBytes(keys.length));
      for (int i = 0; i < keys.length; i++) {
        out.writeInt(Integer.reverseBytes(keys[i]));
        buckets[i].serialize(out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // an in-memory stream does not fail
    }
    return bytes.toByteArray();
  }

  /** The length of {@link #serialize()}'s bytes. */
  public int serializedSize() {
    long size = 4 + 8;
    for (RoaringBitmap bucket : buckets) {
      size += 4 + bucket.serializedSizeInBytes();
    }
    return Math.toIntExact(size);
  }

  /**
   * Reads a portable serialization with its magic number (as {@link #serialize()} writes it).
   *
   * @param source what the bytes are, for the error message (a file name)
   * @throws CorruptDeletionVectorException if the bytes are not that format, naming {@code source}
   */
  public static DeletedRows deserialize(byte[] data, String source) {
    ByteBuffer buffer = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
    if (data.length < 12) {
      throw corrupt(source, "it has " + data.length + " bytes, fewer than its 12-byte header");
    }
    int magic = buffer.getInt();
    if (magic != PORTABLE_MAGIC) {
      throw corrupt(
          source,
          "its magic number is "
              + magic
              + ", not "
              + PORTABLE_MAGIC
              + " (the portable RoaringBitmapArray format)");
    }
    long count = buffer.getLong();
    // Each bucket takes at least its key and an 8-byte empty bitmap.
    if (count < 0 || count > buffer.remaining() / 12) {
      throw corrupt(source, "it declares " + count + " buckets in " + data.length + " bytes");
    }
    int[] keys = new int[(int) count];
    RoaringBitmap[] buckets = new RoaringBitmap[(int) count];
    for (int i = 0; i < count; i++) {
      if (buffer.remaining() < 4) {
        throw corrupt(source, "bucket " + i + " of " + count + " is cut off");
      }
      keys[i] = buffer.getInt();
      if (keys[i] < 0 || (i > 0 && keys[i] <= keys[i - 1])) {
        throw corrupt(
            source, "bucket key " + keys[i] + " is negative or not above the previous key");
      }
      buckets[i] = readBucket(data, buffer, source, i);
    }
    if (buffer.hasRemaining()) {
      throw corrupt(source, buffer.remaining() + " bytes follow the last bucket");
    }
    return new DeletedRows(keys, buckets);
  }

  private static RoaringBitmap readBucket(
      byte[] data, ByteBuffer buffer, String source, int index) {
    int start = buffer.position();
    ByteArrayInputStream in = new ByteArrayInputStream(data, start, data.length - start);
    RoaringBitmap bitmap = new RoaringBitmap();
    try {
      bitmap.deserialize(new DataInputStream(in));
    } catch (IOException | RuntimeException e) {
      throw new CorruptDeletionVectorException(
          "Cannot read deletion vector "
              + source
              + ": bucket "
              + index
              + " is not a Roaring bitmap",
          e);
    }
    buffer.position(data.length - in.available());
    return bitmap;
  }

  private static CorruptDeletionVectorException corrupt(String source, String reason) {
    return new CorruptDeletionVectorException(
        "Cannot read deletion vector " + source + ": " + reason);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof DeletedRows that
        && Arrays.equals(keys, that.keys)
        && Arrays.equals(buckets, that.buckets);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(keys) + Arrays.hashCode(buckets);
  }

  @Override
  public String toString() {
    return "DeletedRows[" + cardinality + " rows]";
  }

  /** Collects row indexes; not thread-safe, and used once. */
  public static final class Builder {
    private final TreeMap<Integer, RoaringBitmap> buckets = new TreeMap<>();

    private Builder() {}

    /**
     * Marks a row deleted.
     *
     * @throws IllegalArgumentException if {@code rowIndex} is negative
     */
    public Builder add(long rowIndex) {
      if (rowIndex < 0) {
        throw new IllegalArgumentException(
            "Cannot delete row " + rowIndex + ": row indexes are not negative");
      }
      buckets
          .computeIfAbsent((int) (rowIndex >>> 32), k -> new RoaringBitmap())
          .add((int) rowIndex);
      return this;
    }

    /** Marks every row of {@code rows} deleted. */
    public Builder addAll(DeletedRows rows) {
      for (int i = 0; i < rows.keys.length; i++) {
        buckets.computeIfAbsent(rows.keys[i], k -> new RoaringBitmap()).or(rows.buckets[i]);
      }
      return this;
    }

    /** The rows marked so far (the builder must not be used afterwards). */
    public DeletedRows build() {
      int[] keys = new int[buckets.size()];
      RoaringBitmap[] bitmaps = new RoaringBitmap[buckets.size()];
      int i = 0;
      for (Map.Entry<Integer, RoaringBitmap> bucket : buckets.entrySet()) {
        if (bucket.getValue().isEmpty()) {
          continue;
        }
        keys[i] = bucket.getKey();
        bitmaps[i] = bucket.getValue();
        bitmaps[i].runOptimize();
        i++;
      }
      buckets.clear(); // the bitmaps now belong to the immutable value
      return new DeletedRows(Arrays.copyOf(keys, i), Arrays.copyOf(bitmaps, i));
    }
  }
}
