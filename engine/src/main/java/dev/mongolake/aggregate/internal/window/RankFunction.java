package dev.mongolake.aggregate.internal.window;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * {@code $rank}, {@code $denseRank} and {@code $documentNumber}: a document's position among the
 * partition's by the single {@code sortBy} field. Ties (equal sort keys, so null equals missing)
 * share a rank; {@code $rank} then skips, {@code $denseRank} does not. Answers Int32 (Int64 past
 * its range).
 *
 * @param name the function
 */
record RankFunction(String name) implements WindowFunction {

  static WindowFunction parse(
      String name, BsonDocument specification, SortBy sortBy, VariableScope scope) {
    if (specification.size() != 1) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5371601, "Rank style window functions take no other arguments");
    }
    BsonValue argument = specification.get(name);
    if (!argument.isDocument() || !argument.asDocument().isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5371603, name + " must be specified with '{}' as the value");
    }
    WindowSpecs.singleSortField(name, sortBy, ErrorCode.LOCATION_5371602);
    return new RankFunction(name);
  }

  @Override
  public BsonValue[] compute(Partition partition) {
    int size = partition.size();
    BsonValue[] out = new BsonValue[size];
    long rank = 0;
    long dense = 0;
    for (int i = 0; i < size; i++) {
      boolean tie =
          i > 0
              && partition
                      .sortBy()
                      .order()
                      .compare(partition.documents().get(i - 1), partition.documents().get(i))
                  == 0;
      if (!tie) {
        rank = i + 1;
        dense++;
      }
      long value =
          switch (name) {
            case "$rank" -> rank;
            case "$denseRank" -> dense;
            default -> i + 1;
          };
      out[i] = value == (int) value ? new BsonInt32((int) value) : new BsonInt64(value);
    }
    return out;
  }

  @Override
  public void addDependencies(Dependencies dependencies) {}

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name, new BsonDocument());
  }
}
