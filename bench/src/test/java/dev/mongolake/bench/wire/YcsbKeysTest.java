package dev.mongolake.bench.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class YcsbKeysTest {
  private static final int RECORDS = 10_000;
  private static final int DRAWS = 200_000;

  @Test
  void zipfianDrawsFollowOneOverRankToTheTheta() {
    YcsbKeys.Zipfian keys = (YcsbKeys.Zipfian) YcsbKeys.of("zipfian", RECORDS);
    SplittableRandom random = new SplittableRandom(3);
    int[] counts = new int[RECORDS];
    for (int i = 0; i < DRAWS; i++) {
      counts[keys.nextRank(random)]++;
    }
    // P(rank 0) = 1 / zeta(n, 0.99) and P(rank 1) = P(rank 0) / 2^0.99.
    double zeta = 0;
    for (int i = 1; i <= RECORDS; i++) {
      zeta += 1 / Math.pow(i, 0.99);
    }
    assertThat(counts[0] / (double) DRAWS).isCloseTo(1 / zeta, within(0.01));
    assertThat(counts[1] / (double) DRAWS).isCloseTo(1 / zeta / Math.pow(2, 0.99), within(0.01));
    assertThat(counts[0]).isGreaterThan(counts[10]).isGreaterThan(counts[1_000]);
  }

  @Test
  void zipfianKeysScatterTheHotRanksOverAllRecords() {
    YcsbKeys keys = YcsbKeys.of("zipfian", RECORDS);
    SplittableRandom random = new SplittableRandom(4);
    Set<Integer> seen = new HashSet<>();
    int hottest = -1;
    int[] counts = new int[RECORDS];
    for (int i = 0; i < DRAWS; i++) {
      int key = keys.next(random);
      assertThat(key).isBetween(0, RECORDS - 1);
      seen.add(key);
      counts[key]++;
      if (hottest < 0 || counts[key] > counts[hottest]) {
        hottest = key;
      }
    }
    // Neither the first records loaded nor neighbours of one another.
    assertThat(hottest).isGreaterThan(RECORDS / 100);
    assertThat(seen.size()).isGreaterThan(RECORDS / 2);
  }

  @Test
  void uniformKeysCoverEveryRecordAlike() {
    YcsbKeys keys = YcsbKeys.of("uniform", 100);
    SplittableRandom random = new SplittableRandom(5);
    int[] counts = new int[100];
    for (int i = 0; i < 100_000; i++) {
      counts[keys.next(random)]++;
    }
    for (int count : counts) {
      assertThat(count).isBetween(800, 1_200);
    }
  }

  private static org.assertj.core.data.Offset<Double> within(double value) {
    return org.assertj.core.data.Offset.offset(value);
  }
}
