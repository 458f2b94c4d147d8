package dev.mongolake.bench.engine;

import java.util.ArrayList;
import java.util.List;

final class Medians {
  private Medians() {}

  static double of(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
