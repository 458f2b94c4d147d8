package dev.mongolake.delta.dv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.CorruptDeletionVectorException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The 64-bit set of deleted rows: building, membership, order, and its portable serialization. */
class DeletedRowsTest {
  private static final long HIGH = 1L << 32;

  @Test
  void rowsAcrossBucketsAreKeptInOrderAndRoundTrip() {
    DeletedRows rows =
        DeletedRows.builder().add(HIGH + 7).add(5).add(0).add(3 * HIGH).add(5).build();
    assertThat(rows.cardinality()).isEqualTo(4);
    assertThat(rows.iterator()).toIterable().containsExactly(0L, 5L, HIGH + 7, 3 * HIGH);
    assertThat(rows.contains(HIGH + 7)).isTrue();
    assertThat(rows.contains(7)).isFalse();
    assertThat(rows.contains(2 * HIGH)).isFalse();
    assertThat(rows.contains(-1)).isFalse();

    byte[] bytes = rows.serialize();
    assertThat(bytes).hasSize(rows.serializedSize());
    ByteBuffer header = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(header.getInt()).isEqualTo(DeletedRows.PORTABLE_MAGIC);
    assertThat(header.getLong()).isEqualTo(3); // buckets 0, 1 and 3
    assertThat(DeletedRows.deserialize(bytes, "round trip")).isEqualTo(rows);

    DeletedRows more = rows.union(DeletedRows.of(6, HIGH + 7));
    assertThat(more.iterator()).toIterable().containsExactly(0L, 5L, 6L, HIGH + 7, 3 * HIGH);
    assertThat(rows.cardinality()).isEqualTo(4); // unchanged
    assertThat(DeletedRows.none().isEmpty()).isTrue();
    assertThat(DeletedRows.deserialize(DeletedRows.none().serialize(), "empty"))
        .isEqualTo(DeletedRows.none());
    assertThatThrownBy(() -> DeletedRows.of(-2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot delete row -2: row indexes are not negative");
  }

  @Test
  void malformedBytesAreCorruptNamingTheirSource() {
    byte[] bytes = DeletedRows.of(1, HIGH + 1).serialize();
    assertThatThrownBy(() -> DeletedRows.deserialize(Arrays.copyOf(bytes, bytes.length + 1), "x"))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessage("Cannot read deletion vector x: 1 bytes follow the last bucket");
    assertThatThrownBy(() -> DeletedRows.deserialize(Arrays.copyOf(bytes, bytes.length - 3), "x"))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageStartingWith("Cannot read deletion vector x: bucket 1");
    byte[] swapped = bytes.clone();
    ByteBuffer.wrap(swapped).order(ByteOrder.LITTLE_ENDIAN).putInt(12, 9); // first key above next
    assertThatThrownBy(() -> DeletedRows.deserialize(swapped, "x"))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining("not above the previous key");
    assertThatThrownBy(() -> DeletedRows.deserialize(new byte[5], "x"))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining("fewer than its 12-byte header");
  }
}
