package dev.mongolake.aggregate.internal.window;

import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.Variables;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One partition of {@code $setWindowFields}' input, in {@code sortBy} order, and the variables to
 * evaluate expressions over its documents with. Not thread-safe (the variables are shared).
 *
 * @param documents the partition's documents, sorted
 * @param sortValues the first {@code sortBy} field of each document ({@code null} entries are
 *     missing); empty when there is no {@code sortBy}
 * @param sortBy the stage's {@code sortBy}
 * @param variables the command's variables; {@link #evaluate} sets the current document
 */
public record Partition(
    List<BsonDocument> documents, BsonValue[] sortValues, SortBy sortBy, Variables variables) {

  /** The number of documents. */
  public int size() {
    return documents.size();
  }

  /** {@code expression} over each document in order ({@code null} entries are missing). */
  public BsonValue[] evaluate(Expression expression) {
    BsonValue[] values = new BsonValue[documents.size()];
    for (int i = 0; i < values.length; i++) {
      variables.setDocument(documents.get(i));
      values[i] = expression.evaluate(variables);
    }
    return values;
  }
}
