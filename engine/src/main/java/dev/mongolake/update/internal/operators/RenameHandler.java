package dev.mongolake.update.internal.operators;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.update.internal.DocumentUnderUpdate;
import dev.mongolake.update.internal.ModifierHandler;
import dev.mongolake.update.internal.PathApplier;
import dev.mongolake.update.internal.UpdateParseScope;
import dev.mongolake.update.internal.UpdatePath;
import dev.mongolake.update.internal.UpdateStep;
import org.bson.BsonValue;

/**
 * {@code $rename}: moves a field's value to another path (a {@code $set} of the destination then an
 * {@code $unset} of the source, so a renamed field moves to the end of its document). Neither path
 * may go through an array; a missing source is a no-op.
 */
public final class RenameHandler implements ModifierHandler {
  @Override
  public String name() {
    return "$rename";
  }

  @Override
  public UpdateStep parse(String field, BsonValue argument, UpdateParseScope scope) {
    String element = BsonDebugText.element(field, argument);
    if (!argument.isString()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "The 'to' field for $rename must be a string: " + element);
    }
    String to = argument.asString().getValue();
    if (to.indexOf('\0') >= 0) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "The 'to' field for $rename cannot contain an embedded null byte");
    }
    UpdatePath source = UpdatePath.parse(field);
    UpdatePath destination = UpdatePath.parse(to);
    if (source.parts().equals(destination.parts())) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "The source and target field for $rename must differ: " + element);
    }
    if (source.isPrefixOf(destination) || destination.isPrefixOf(source)) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "The source and target field for $rename must not be on the same path: " + element);
    }
    if (source.isDynamic()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "The source field for $rename may not be dynamic: " + field);
    }
    if (destination.isDynamic()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "The destination field for $rename may not be dynamic: " + to);
    }
    scope.claim(field);
    scope.claim(to);
    return new Rename(source, destination);
  }

  private record Rename(UpdatePath source, UpdatePath destination) implements UpdateStep {
    @Override
    public UpdatePath orderPath() {
      return destination;
    }

    @Override
    public void apply(DocumentUnderUpdate document) {
      RenameSource found = RenameSource.find(source, document);
      if (found == null) {
        return;
      }
      RenameSource.checkDestinationHasNoArray(destination, document);
      PathApplier.apply(destination, new SetHandler.SetValue(found.value()), document);
      if (!document.context().upsertInsert() && source.part(0).equals("_id")) {
        throw new MongoLakeException(
            ErrorCode.IMMUTABLE_FIELD,
            "Unsetting the path '"
                + source.dotted()
                + "' using $rename would modify the immutable field '_id'");
      }
      found.parent().remove(found.name());
      document.markModified();
    }
  }
}
