package dev.mongolake.delta.query.ast;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import org.bson.BsonValue;

/**
 * {@code $bitsAllSet $bitsAnySet $bitsAllClear $bitsAnyClear}: tests bit {@code positions} (bit 0
 * is the least significant) of integral numbers (two's complement, sign-extended beyond bit 63) and
 * of BinData (bit {@code p} is bit {@code p % 8} of byte {@code p / 8}; bits beyond the data are
 * clear). Numbers that are not integral or do not fit a 64-bit integer, and other types, never
 * match. A number mask or BinData mask is turned into its set positions at parse time.
 */
public record BitTestPredicate(BitTest test, List<Integer> positions) implements FieldPredicate {
  public BitTestPredicate {
    Objects.requireNonNull(test, "test");
    positions = List.copyOf(positions);
  }

  @Override
  public boolean matches(PathValues values) {
    return values.anyExpanded(this::matchesSingle);
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    if (value.isBinary()) {
      byte[] data = value.asBinary().getData();
      return evaluate(position -> binaryBit(data, position));
    }
    OptionalLong integral = IntegralValues.exact(value);
    if (integral.isEmpty()) {
      return false;
    }
    long bits = integral.getAsLong();
    return evaluate(position -> position >= 64 ? bits < 0 : ((bits >>> position) & 1L) != 0);
  }

  private boolean evaluate(java.util.function.IntPredicate isSet) {
    boolean wantSet = test == BitTest.ALL_SET || test == BitTest.ANY_SET;
    boolean all = test == BitTest.ALL_SET || test == BitTest.ALL_CLEAR;
    for (int position : positions) {
      boolean satisfied = isSet.test(position) == wantSet;
      if (all && !satisfied) {
        return false;
      }
      if (!all && satisfied) {
        return true;
      }
    }
    return all;
  }

  private static boolean binaryBit(byte[] data, int position) {
    int index = position / 8;
    return index < data.length && ((data[index] >> (position % 8)) & 1) != 0;
  }
}
