package dev.mongolake.update.internal;

import java.util.List;
import java.util.Map;

/**
 * A parsed update: its steps in application order and its array filters. Immutable; applying it to
 * a document is thread-safe.
 */
public record UpdatePlan(List<UpdateStep> steps, Map<String, ElementMatcher> arrayFilters) {
  public UpdatePlan {
    steps = List.copyOf(steps);
    arrayFilters = Map.copyOf(arrayFilters);
  }

  /** Whether some path has {@code $[]} or {@code $[<identifier>]}. */
  public boolean expandsArrays() {
    return steps.stream()
        .anyMatch(s -> s.orderPath().parts().stream().anyMatch(UpdatePath::isArrayUpdatePart));
  }

  /** Whether some path has the positional {@code $}. */
  public boolean usesPositionalOperator() {
    return steps.stream().anyMatch(s -> s.orderPath().parts().contains(UpdatePath.POSITIONAL));
  }
}
