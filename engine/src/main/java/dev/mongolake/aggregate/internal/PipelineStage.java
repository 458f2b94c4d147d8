package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.internal.expression.Dependencies;
import java.util.Iterator;
import java.util.Set;
import org.bson.BsonDocument;

/**
 * One parsed stage of a pipeline, with what the optimizer needs to know about it. Immutable: a
 * stage may run many times ({@code $facet}, {@code $lookup} sub-pipelines), each run getting its
 * own iterator.
 */
public interface PipelineStage {

  /** The stage's name ({@code $match}). */
  String name();

  /**
   * The stage's output over {@code input}. Streaming stages pull lazily; blocking ones ({@code
   * $sort}, {@code $group}) read all their input on the first {@code hasNext}.
   */
  Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context);

  /** Where the stage may stand. */
  default StagePosition position() {
    return StagePosition.ANYWHERE;
  }

  /** Adds the input fields the stage reads; the default is the whole document. */
  default void addDependencies(Dependencies dependencies) {
    dependencies.addWholeDocument();
  }

  /**
   * Whether the stage's output documents are new ones built only from the input fields it reports
   * in {@link #addDependencies} (MongoDB's "exhaustive" dependencies: {@code $group}, {@code
   * $count}, an inclusion {@code $project}, ...), so nothing of its input beyond them reaches later
   * stages. False (the default) for stages that pass other fields through ({@code $match}, {@code
   * $addFields}, {@code $unwind}, ...) and for any stage that does not say.
   */
  default boolean dependenciesAreExhaustive() {
    return false;
  }

  /**
   * The top-level or dotted paths of its input the stage changes or removes when a {@code $match}
   * on other paths may run before it instead of after (same documents out, in the same order
   * wherever order matters), or empty when no {@code $match} may move across it. {@code $sort}
   * answers an empty set of paths it changes; {@code $addFields} the fields it sets; {@code $group}
   * and {@code $limit} answer empty.
   */
  default java.util.Optional<Set<String>> matchMayMoveBeforeUnlessReading() {
    return java.util.Optional.empty();
  }

  /** Whether the stage holds all its input before its first output (and so uses memory). */
  default boolean isBlocking() {
    return false;
  }

  /** The stage as explain shows it (by default its name and specification). */
  BsonDocument explain();
}
