package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.ObjectExpression;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The fields an optimized pipeline reads from its input documents: the dependencies of every stage
 * up to and including the first one whose output is built only from its dependencies ({@link
 * PipelineStage#dependenciesAreExhaustive()}); the find prefix's {@code $match} and {@code $sort}
 * are stages of the pipeline, so their paths are included. A pipeline whose input documents run a
 * reader that sees fields beyond these paths (no such stage, or one needing the whole document)
 * needs whole documents.
 */
public final class InputFields {
  private InputFields() {}

  /**
   * The dotted paths {@code stages} read, or empty when they need whole documents.
   *
   * <p>An inclusion {@code $project} outputs its kept fields in its input's field order and keeps
   * empty parents of paths its input lacks ({@code {a: {}}} for {@code a.b} from {@code {a: {c:
   * 1}}}), which a document rebuilt from a few fields does not reproduce: as the first exhaustive
   * stage it qualifies only when it reads at most one top-level field besides {@code _id}. A {@code
   * $replaceRoot} or {@code $replaceWith} quotes its whole input document when the new root is not
   * an object, so it qualifies only when its new root is an object expression, which cannot fail
   * that way.
   */
  public static Optional<Set<String>> of(List<PipelineStage> stages) {
    Dependencies dependencies = new Dependencies();
    for (PipelineStage stage : stages) {
      stage.addDependencies(dependencies);
      if (dependencies.needsWholeDocument()) {
        return Optional.empty();
      }
      if (stage.dependenciesAreExhaustive()) {
        if (stage instanceof ProjectStage && !readsAtMostOneTopLevelField(stage)) {
          return Optional.empty();
        }
        if (stage instanceof ReplaceRootStage replace
            && !(replace.newRoot() instanceof ObjectExpression)) {
          return Optional.empty();
        }
        return Optional.of(Set.copyOf(dependencies.paths()));
      }
    }
    return Optional.empty();
  }

  private static boolean readsAtMostOneTopLevelField(PipelineStage stage) {
    Dependencies own = new Dependencies();
    stage.addDependencies(own);
    List<String> fields = own.paths().stream().filter(path -> !path.equals("_id")).toList();
    return fields.isEmpty() || (fields.size() == 1 && !fields.getFirst().contains("."));
  }
}
