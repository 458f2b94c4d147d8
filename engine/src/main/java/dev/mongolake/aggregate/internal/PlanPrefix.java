package dev.mongolake.aggregate.internal;

import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * The leading stages of an optimized pipeline that the query planner runs as a find: one {@code
 * $match} (the optimizer merged them), then at most one {@code $sort}, then {@code $skip} stages
 * (summed), then {@code $limit} stages (the smallest wins). Find skips before it limits, so a
 * {@code $skip} after a {@code $limit} ends the prefix, as does any other stage.
 *
 * @param filter the find's filter ({@code {}} when no stage matched)
 * @param sort the find's sort ({@code {}} for none)
 * @param skip documents to skip
 * @param limit documents to return at most, 0 for all
 * @param stages how many leading stages of the optimized pipeline it replaces
 */
public record PlanPrefix(BsonDocument filter, BsonDocument sort, int skip, int limit, int stages) {

  /** The prefix of {@code stages} (an optimized pipeline). */
  public static PlanPrefix of(List<PipelineStage> stages) {
    int position = 0;
    BsonDocument filter = new BsonDocument();
    if (position < stages.size() && stages.get(position) instanceof MatchStage match) {
      filter = match.specification();
      position++;
    }
    BsonDocument sort = new BsonDocument();
    if (position < stages.size() && stages.get(position) instanceof SortStage order) {
      sort = order.specification();
      position++;
    }
    long skip = 0;
    while (position < stages.size()
        && stages.get(position) instanceof SkipStage next
        && skip + next.skip() <= Integer.MAX_VALUE) {
      skip += next.skip();
      position++;
    }
    long limit = 0;
    while (position < stages.size()
        && stages.get(position) instanceof LimitStage next
        && next.limit() <= Integer.MAX_VALUE) {
      limit = limit == 0 ? next.limit() : Math.min(limit, next.limit());
      position++;
    }
    return new PlanPrefix(filter, sort, (int) skip, (int) limit, position);
  }

  /**
   * The count of {@code rest} when it is exactly the stage the driver's {@code countDocuments} ends
   * with, {@code {$group: {_id: 1 (or null), <field>: {$sum: 1}}}}: the group's {@code _id} and
   * count field.
   */
  public static Optional<CountingGroup> countingGroup(List<PipelineStage> rest) {
    if (rest.size() != 1 || !(rest.getFirst() instanceof GroupStage group)) {
      return Optional.empty();
    }
    BsonDocument spec = group.specification();
    if (spec.size() != 2) {
      return Optional.empty();
    }
    BsonValue id = spec.get("_id");
    if (!new BsonInt32(1).equals(id) && !BsonNull.VALUE.equals(id)) {
      return Optional.empty();
    }
    String field = spec.getFirstKey().equals("_id") ? List.copyOf(spec.keySet()).get(1) : null;
    if (field == null
        || !new BsonDocument("$sum", new BsonInt32(1)).equals(spec.get(field))
        || field.startsWith("$")
        || field.contains(".")) {
      return Optional.empty();
    }
    return Optional.of(new CountingGroup(id, field));
  }

  /**
   * A {@code $group} that only counts its input.
   *
   * @param id its constant {@code _id}
   * @param field the field holding the count
   */
  public record CountingGroup(BsonValue id, String field) {}
}
