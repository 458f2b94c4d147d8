package dev.mongolake.update.internal;

import java.math.BigInteger;
import java.util.Comparator;

/**
 * The order in which MongoDB (5.0 and later) applies an update's fields: numeric field names in
 * numeric order ({@code a.2} before {@code a.10}), other names in lexicographic order. Paths
 * compare part by part, so the order is a depth-first walk of the update's field tree; it decides
 * the order in which new fields are appended to a document.
 */
public final class FieldNameOrder implements Comparator<UpdatePath> {
  /** The shared instance. */
  public static final FieldNameOrder INSTANCE = new FieldNameOrder();

  private FieldNameOrder() {}

  @Override
  public int compare(UpdatePath a, UpdatePath b) {
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      int c = compareNames(a.part(i), b.part(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  /** Compares two field names: both numeric by value, otherwise as strings. */
  public static int compareNames(String a, String b) {
    if (UpdatePath.isArrayIndex(a) && UpdatePath.isArrayIndex(b)) {
      int byValue = new BigInteger(a).compareTo(new BigInteger(b));
      if (byValue != 0) {
        return byValue;
      }
    }
    return a.compareTo(b);
  }
}
