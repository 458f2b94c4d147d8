package dev.mongolake.server.command.catalog;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.CommandArguments;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The {@code viewOn} and {@code pipeline} fields of {@code create} and {@code collMod}, checked for
 * type as MongoDB's IDL checks them.
 *
 * @param viewOn the source's name, or {@code null} when the command has none
 * @param pipeline the stages, or {@code null} when the command has none
 */
public record ViewOptions(String viewOn, List<BsonDocument> pipeline) {

  /** The view fields of {@code body}, a {@code command} command. */
  public static ViewOptions of(String command, BsonDocument body) {
    CommandArguments args = new CommandArguments(command, body);
    String viewOn = null;
    BsonValue source = body.get("viewOn");
    if (source != null) {
      if (!source.isString()) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "BSON field '"
                + command
                + ".viewOn' is the wrong type '"
                + CommandArguments.typeName(source)
                + "', expected type 'string'");
      }
      viewOn = source.asString().getValue();
    }
    List<BsonDocument> pipeline = body.containsKey("pipeline") ? args.documents("pipeline") : null;
    return new ViewOptions(viewOn, pipeline);
  }

  /** Whether the command names a view's source or pipeline. */
  public boolean present() {
    return viewOn != null || pipeline != null;
  }
}
