package dev.mongolake.update.internal.operators;

import dev.mongolake.update.internal.ModifierRegistry;
import java.util.List;

/** The update operators MongoLake implements. */
public final class StandardModifiers {
  private static final ModifierRegistry REGISTRY =
      ModifierRegistry.of(
          List.of(
              new SetHandler(),
              new UnsetHandler(),
              new SetOnInsertHandler(),
              ArithmeticHandler.inc(),
              ArithmeticHandler.mul(),
              ComparisonHandler.min(),
              ComparisonHandler.max(),
              new RenameHandler(),
              new CurrentDateHandler(),
              new PushHandler(),
              new AddToSetHandler(),
              new PopHandler(),
              new PullHandler(),
              new PullAllHandler(),
              new BitHandler()));

  private StandardModifiers() {}

  /** The shared registry. */
  public static ModifierRegistry registry() {
    return REGISTRY;
  }
}
