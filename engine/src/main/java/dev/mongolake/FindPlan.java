package dev.mongolake;

import dev.mongolake.aggregate.internal.ColumnarTopK;
import dev.mongolake.aggregate.internal.PipelineContext;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.engine.AccessPath;
import dev.mongolake.internal.read.SortOrder;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * What one run of a find does, decided before it reads anything.
 *
 * @param access how the documents are reached
 * @param parsedFilter the filter every document is matched with
 * @param variables the command's variables ({@code $$NOW}, {@code let})
 * @param order the sort (empty: none, or natural order)
 * @param sorts whether a sort stage orders the matches (no index provides the order)
 * @param reversed whether the natural order is read backwards ({@code $natural: -1})
 * @param byColumns the column-batch selection of a sort with a limit, when it serves the find
 * @param readSequence the log position the find reads at
 */
record FindPlan(
    AccessPath access,
    Filter parsedFilter,
    PipelineContext variables,
    SortOrder order,
    boolean sorts,
    boolean reversed,
    Optional<ColumnarTopK> byColumns,
    long readSequence) {

  /** The filter a column read applies: none for an empty query. */
  Filter columnFilter(BsonDocument filter) {
    return filter.isEmpty() ? null : parsedFilter;
  }
}
