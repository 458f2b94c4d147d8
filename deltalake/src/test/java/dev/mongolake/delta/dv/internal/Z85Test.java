package dev.mongolake.delta.dv.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.dv.DeletionVectors;
import dev.mongolake.delta.exceptions.CorruptDeletionVectorException;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import dev.mongolake.delta.storage.MemoryStorage;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/** The Z85 codec against the vectors of ZeroMQ's RFC 32 and of Delta's PROTOCOL.md. */
class Z85Test {

  @Test
  void z85RoundTripsTheSpecVectors() throws Exception {
    // ZeroMQ RFC 32: 0x864FD26FB559F75B is "HelloWorld".
    byte[] hello = HexFormat.of().parseHex("864FD26FB559F75B");
    assertThat(Z85.encode(hello)).isEqualTo("HelloWorld");
    assertThat(Z85.decode("HelloWorld")).isEqualTo(hello);

    // PROTOCOL.md, JSON example 1: prefix "ab", then the UUID of the deletion vector's file.
    DeletionVectorDescriptor relative =
        new DeletionVectorDescriptor("u", "ab^-aqEH.-t@S}K{vb[*k^", 4, 40, 6, null);
    UUID uuid = UUID.fromString("d2c639aa-8816-431a-aaf6-d3fe2512ff61");
    assertThat(Z85.decodeUuid("^-aqEH.-t@S}K{vb[*k^")).isEqualTo(uuid);
    assertThat(Z85.encodeUuid(uuid)).isEqualTo("^-aqEH.-t@S}K{vb[*k^");
    assertThat(DeletionVectorLocation.storagePath("mytable", relative))
        .isEqualTo("mytable/ab/deletion_vector_d2c639aa-8816-431a-aaf6-d3fe2512ff61.bin");

    // PROTOCOL.md, JSON example 3: 40 bytes holding the 32-bit Roaring bitmap of rows 3, 4, 7,
    // 11, 18, 29 after a 12-byte header. That header is the older "native" layout written
    // big-endian (magic 1681511376, one bitmap, its size), which neither Delta's readers nor
    // delta-kernel accept; tables carry the portable layout (magic 1681511377, little-endian).
    String inline = "wi5b=000010000siXQKl0rr91000f55c8Xg0@@D72lkbi5=-{L";
    byte[] example = Z85.decode(inline);
    assertThat(example).hasSize(40);
    assertThat(Z85.encode(example)).isEqualTo(inline);
    assertThat(ByteBuffer.wrap(example).getInt()).isEqualTo(1681511376);
    RoaringBitmap bucket = new RoaringBitmap();
    bucket.deserialize(ByteBuffer.wrap(example, 12, 28).slice());
    assertThat(bucket.toArray()).containsExactly(3, 4, 7, 11, 18, 29);
    assertThatThrownBy(() -> DeletedRows.deserialize(example, "example 3"))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining("Cannot read deletion vector example 3: its magic number is");

    // The same rows in the portable layout round-trip through Z85 as an inline vector.
    byte[] portable = DeletedRows.of(3, 4, 7, 11, 18, 29).serialize();
    DeletionVectorDescriptor inlined =
        new DeletionVectorDescriptor("i", Z85.encode(portable), null, portable.length, 6, null);
    DeletedRows rows = DeletionVectors.read(new MemoryStorage(), "t", inlined, "part-0.parquet");
    assertThat(rows.iterator()).toIterable().containsExactly(3L, 4L, 7L, 11L, 18L, 29L);
    assertThat(rows.serialize()).isEqualTo(portable);

    // Any bytes round-trip, padded to 4-byte groups.
    Random random = new Random(85);
    for (int length = 0; length < 64; length++) {
      byte[] data = new byte[length];
      random.nextBytes(data);
      String text = Z85.encode(data);
      assertThat(text).hasSize((length + 3) / 4 * 5);
      byte[] back = Z85.decode(text);
      assertThat(Arrays.copyOf(back, length)).isEqualTo(data);
    }
  }

  @Test
  void z85RefusesTextOutsideTheAlphabetOrOfTheWrongLength() {
    assertThatThrownBy(() -> Z85.decode("HelloWorl"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a multiple of 5");
    assertThatThrownBy(() -> Z85.decode("Hello,orld"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("','");
    assertThatThrownBy(() -> Z85.decode("#####"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("above 32 bits");
  }
}
