package dev.mongolake.update.internal;

/** One parsed piece of an update, applied to each document in the update's field order. */
public interface UpdateStep {
  /** The path that places this step in {@link FieldNameOrder}. */
  UpdatePath orderPath();

  /** Applies the step. */
  void apply(DocumentUnderUpdate document);
}
