package dev.mongolake.internal.index;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonValue;

/**
 * A range of index keys constrained on the leading field: from {@code low} to {@code high}, each
 * bound inclusive or not, {@code null} for unbounded. Bounds on the leading field cover every key
 * that starts with it, whatever the later fields hold.
 */
public record KeyRange(BsonValue low, boolean lowInclusive, BsonValue high, boolean highInclusive) {

  /** Every key. */
  public static final KeyRange ALL = new KeyRange(null, true, null, true);

  /** Keys whose leading field equals {@code value}. */
  public static KeyRange point(BsonValue value) {
    return new KeyRange(value, true, value, true);
  }

  /**
   * The key (of {@code width} fields) at the low end: MinKey in the later fields puts it before
   * every key sharing an inclusive bound, MaxKey after every key sharing an exclusive one.
   */
  IndexKey lowProbe(int width) {
    return probe(low, lowInclusive ? new BsonMinKey() : new BsonMaxKey(), width);
  }

  /** The key at the high end, padded the other way round. */
  IndexKey highProbe(int width) {
    return probe(high, highInclusive ? new BsonMaxKey() : new BsonMinKey(), width);
  }

  private static IndexKey probe(BsonValue leading, BsonValue padding, int width) {
    List<BsonValue> values = new ArrayList<>(width);
    values.add(leading);
    for (int i = 1; i < width; i++) {
      values.add(padding);
    }
    return new IndexKey(values);
  }
}
