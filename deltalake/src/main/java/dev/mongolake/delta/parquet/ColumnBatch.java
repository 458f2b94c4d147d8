package dev.mongolake.delta.parquet;

import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Rows of one document file read column by column: for each row its {@code _id} and the value of
 * each requested promoted column. A column's value is null where the document lacks the field (the
 * file's exact columns hold every other value with its BSON type, see {@link ColumnExactness}).
 * Values of a string column that repeat within a row group are one shared instance. Rows are in
 * file order; a batch holds at most {@link DocumentColumnReader#BATCH_ROWS} of them.
 *
 * <p>The reader reuses a batch's arrays for its next batch: read a batch before asking for another.
 *
 * @param size how many rows the batch holds (the arrays may be longer)
 * @param paths the columns, in the order of {@code values}
 * @param ids each row's {@code _id}, or null when the read did not ask for them
 * @param values {@code values[c][r]}: path {@code c} of row {@code r}, null for a missing field
 * @param documents {@code documents[r]}: row {@code r}'s whole document where it must be evaluated
 *     so, else null; the array itself is null when no row of the batch needs it
 */
public record ColumnBatch(
    int size, List<String> paths, BsonValue[] ids, BsonValue[][] values, BsonDocument[] documents) {

  /** Row {@code row}'s whole document when it must be evaluated from it, else null. */
  public BsonDocument document(int row) {
    return documents == null ? null : documents[row];
  }

  /** The value of column {@code column} in row {@code row}, null when the field is missing. */
  public BsonValue value(int column, int row) {
    return values[column][row];
  }
}
