package dev.mongolake.update.internal;

/** The common step: one modification at one path. */
public record PathStep(UpdatePath path, FieldModification modification) implements UpdateStep {
  @Override
  public UpdatePath orderPath() {
    return path;
  }

  @Override
  public void apply(DocumentUnderUpdate document) {
    PathApplier.apply(path, modification, document);
  }
}
