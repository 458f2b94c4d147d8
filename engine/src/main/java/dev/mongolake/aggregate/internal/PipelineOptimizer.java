package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.internal.expression.Dependencies;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Rewrites a parsed pipeline into an equivalent one that does less work, as MongoDB's optimizer
 * does: a {@code $match} moves ahead of every stage that lets it (one that does not change the
 * fields the match reads, nor which documents or how many reach it), adjacent {@code $match}es
 * merge, and a {@code $sort} followed by a {@code $limit} keeps only that many documents. What
 * moves to the front becomes the query plan's filter (indexes, file and row-group pruning).
 */
public final class PipelineOptimizer {

  private PipelineOptimizer() {}

  public static List<PipelineStage> optimize(List<PipelineStage> stages) {
    List<PipelineStage> out = new ArrayList<>(stages);
    moveMatchesForward(out);
    mergeAdjacentMatches(out);
    limitSorts(out);
    return out;
  }

  private static void moveMatchesForward(List<PipelineStage> stages) {
    for (int i = 1; i < stages.size(); i++) {
      if (!(stages.get(i) instanceof MatchStage match)) {
        continue;
      }
      Dependencies reads = new Dependencies();
      match.addDependencies(reads);
      int position = i;
      while (position > 0 && mayPrecede(reads, stages.get(position - 1))) {
        position--;
      }
      if (position != i) {
        stages.remove(i);
        stages.add(position, match);
      }
    }
  }

  private static boolean mayPrecede(Dependencies matchReads, PipelineStage before) {
    if (before instanceof MatchStage) {
      return false; // they merge instead
    }
    Optional<Set<String>> changes = before.matchMayMoveBeforeUnlessReading();
    if (changes.isEmpty()) {
      return false;
    }
    for (String path : changes.get()) {
      if (matchReads.touches(path)) {
        return false;
      }
    }
    return true;
  }

  private static void mergeAdjacentMatches(List<PipelineStage> stages) {
    for (int i = 0; i + 1 < stages.size(); ) {
      if (stages.get(i) instanceof MatchStage first
          && stages.get(i + 1) instanceof MatchStage second) {
        stages.set(i, first.and(second));
        stages.remove(i + 1);
      } else {
        i++;
      }
    }
  }

  /** {@code $sort} then {@code $limit: n}: the sort holds only the n first documents. */
  private static void limitSorts(List<PipelineStage> stages) {
    for (int i = 0; i + 1 < stages.size(); i++) {
      if (stages.get(i) instanceof SortStage sort
          && stages.get(i + 1) instanceof LimitStage limit) {
        stages.set(i, sort.withLimit(limit.limit()));
      }
    }
  }
}
