package dev.mongolake.aggregate.internal;

/** Where in a pipeline a stage may stand. */
public enum StagePosition {
  /** Anywhere. */
  ANYWHERE,
  /** Only first ({@code $documents}, {@code $collStats}, {@code $indexStats}, ...). */
  FIRST,
  /** Only last ({@code $out}, {@code $merge}). */
  LAST
}
