package dev.mongolake.bench.wire;

import java.util.SplittableRandom;

/**
 * How a YCSB-like workload picks the record each operation touches, among {@code n} loaded ones.
 * Uniform: every record alike. Zipfian: record of popularity rank {@code r} is chosen with
 * probability proportional to {@code 1 / r^theta} (theta 0.99, as YCSB's core workloads), drawn in
 * O(1) with the method of Gray et al., "Quickly Generating Billion-Record Synthetic Databases"
 * (SIGMOD 1994); ranks are then scattered over the key space by a hash, so that the hot records are
 * not the first ones loaded (and not neighbours in {@code _id} order).
 *
 * <p>Instances are immutable; each client thread draws with its own random source.
 */
public sealed interface YcsbKeys {

  /** The index (0-based) of the record the next operation touches. */
  int next(SplittableRandom random);

  /** "uniform" or "zipfian". */
  String label();

  /** Parses "uniform" or "zipfian" for {@code n} records. */
  static YcsbKeys of(String name, int n) {
    return switch (name) {
      case "uniform" -> new Uniform(n);
      case "zipfian" -> new Zipfian(n, 0.99);
      default ->
          throw new IllegalArgumentException(
              "Cannot pick keys: unknown distribution '" + name + "' (uniform or zipfian)");
    };
  }

  /** Every record equally likely. */
  record Uniform(int n) implements YcsbKeys {
    @Override
    public int next(SplittableRandom random) {
      return random.nextInt(n);
    }

    @Override
    public String label() {
      return "uniform";
    }
  }

  /** Zipfian ranks, scattered over the records. */
  final class Zipfian implements YcsbKeys {
    private final int n;
    private final double theta;
    private final double alpha;
    private final double zetaN;
    private final double eta;
    private final long multiplier;

    Zipfian(int n, double theta) {
      if (n < 2) {
        throw new IllegalArgumentException("Cannot pick zipfian keys among " + n + " records");
      }
      this.n = n;
      this.theta = theta;
      this.alpha = 1 / (1 - theta);
      this.zetaN = zeta(n, theta);
      double zeta2 = zeta(2, theta);
      this.eta = (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetaN);
      long m = Math.max(1, 2_654_435_761L % n);
      while (gcd(m, n) != 1) {
        m++;
      }
      this.multiplier = m;
    }

    private static double zeta(int n, double theta) {
      double sum = 0;
      for (int i = 1; i <= n; i++) {
        sum += 1 / Math.pow(i, theta);
      }
      return sum;
    }

    /** The popularity rank (0 = hottest) of the next draw. */
    int nextRank(SplittableRandom random) {
      double u = random.nextDouble();
      double uz = u * zetaN;
      if (uz < 1) {
        return 0;
      }
      if (uz < 1 + Math.pow(0.5, theta)) {
        return 1;
      }
      return Math.min(n - 1, (int) (n * Math.pow(eta * u - eta + 1, alpha)));
    }

    @Override
    public int next(SplittableRandom random) {
      return scatter(nextRank(random));
    }

    /**
     * A bijection of {@code [0, n)}: rank times a multiplier coprime with {@code n}, plus an
     * offset, mod {@code n}, so that the hottest rank is not the first record either.
     */
    private int scatter(int rank) {
      return (int) ((rank * multiplier + 0x5bd1e995L) % n);
    }

    private static long gcd(long a, long b) {
      return b == 0 ? a : gcd(b, a % b);
    }

    @Override
    public String label() {
      return "zipfian";
    }
  }
}
