package dev.mongolake.delta.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

/** The probe's own split block bloom filter check answers as parquet-java's filter does. */
class IdProbeTest {

  @Test
  void bitsetCheckAgreesWithParquetsFilterOnMembersAndStrangers() throws IOException {
    SplittableRandom random = new SplittableRandom(12);
    for (int bytes : new int[] {32, 1024, 65_536}) {
      BlockSplitBloomFilter filter = new BlockSplitBloomFilter(bytes);
      long[] members = new long[bytes / 4];
      for (int i = 0; i < members.length; i++) {
        members[i] = filter.hash(Binary.fromString("id-" + random.nextLong()));
        filter.insertHash(members[i]);
      }
      ByteArrayOutputStream bitset = new ByteArrayOutputStream();
      filter.writeTo(bitset);
      byte[] bits = bitset.toByteArray();
      for (long member : members) {
        assertThat(IdProbe.mayContain(bits, member)).isTrue();
      }
      int agreedAbsent = 0;
      for (int i = 0; i < 100_000; i++) {
        long stranger = random.nextLong();
        boolean ours = IdProbe.mayContain(bits, stranger);
        assertThat(ours)
            .as("hash %x in %d bytes", stranger, bytes)
            .isEqualTo(filter.findHash(stranger));
        agreedAbsent += ours ? 0 : 1;
      }
      // Not a check that always says "maybe".
      assertThat(agreedAbsent).isPositive();
    }
  }

  @Test
  void hashIsParquetsHashOfTheStoredValue() {
    BlockSplitBloomFilter filter = new BlockSplitBloomFilter(1024);
    assertThat(IdProbe.hash(Binary.fromString("user42")))
        .isEqualTo(filter.hash(Binary.fromString("user42")));
    assertThat(IdProbe.hash(42)).isEqualTo(filter.hash(42));
    assertThat(IdProbe.hash(42L)).isEqualTo(filter.hash(42L));
  }
}
