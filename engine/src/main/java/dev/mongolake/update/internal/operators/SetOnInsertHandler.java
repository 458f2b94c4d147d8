package dev.mongolake.update.internal.operators;

import dev.mongolake.update.internal.DocumentUnderUpdate;
import dev.mongolake.update.internal.ModifierHandler;
import dev.mongolake.update.internal.PathStep;
import dev.mongolake.update.internal.UpdateParseScope;
import dev.mongolake.update.internal.UpdatePath;
import dev.mongolake.update.internal.UpdateStep;
import org.bson.BsonValue;

/** {@code $setOnInsert}: $set, but only when an upsert inserts a new document. */
public final class SetOnInsertHandler implements ModifierHandler {
  @Override
  public String name() {
    return "$setOnInsert";
  }

  @Override
  public UpdateStep parse(String field, BsonValue argument, UpdateParseScope scope) {
    UpdatePath path = scope.claim(field);
    return new InsertOnly(new PathStep(path, new SetHandler.SetValue(ValueCopies.copy(argument))));
  }

  private record InsertOnly(PathStep delegate) implements UpdateStep {
    @Override
    public UpdatePath orderPath() {
      return delegate.orderPath();
    }

    @Override
    public void apply(DocumentUnderUpdate document) {
      if (document.context().upsertInsert()) {
        delegate.apply(document);
      }
    }
  }
}
