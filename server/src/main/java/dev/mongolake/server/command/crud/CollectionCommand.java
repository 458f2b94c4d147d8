package dev.mongolake.server.command.crud;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.SnapshotRead;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Base of commands that work on one collection of the lake. */
abstract class CollectionCommand implements Command {

  private final MongoLake lake;

  CollectionCommand(MongoLake lake) {
    this.lake = lake;
  }

  MongoLake lake() {
    return lake;
  }

  /**
   * Whether the lake's tables are on this machine, so that a lookup in a data file costs no network
   * round trip: the condition for any command to be {@linkplain Command#quick quick}.
   */
  boolean tablesAreLocal() {
    return lake.tableStorage().isLocal();
  }

  /** These actions on the collection {@code request} names (its first field). */
  static Access onCollection(CommandRequest request, ActionType first, ActionType... more) {
    Namespace namespace = CommandArguments.of(request).namespace(request.database());
    return Access.to(Resource.collection(namespace), first, more);
  }

  MongoLakeCollection<BsonDocument> collection(Namespace namespace) {
    return lake.db(namespace.database()).collection(namespace.collection(), BsonDocument.class);
  }

  /**
   * The collection a read reads: as of {@code snapshot} when its read concern names one
   * (read-only), else the present.
   */
  MongoLakeCollection<BsonDocument> reading(
      Namespace namespace, java.util.Optional<SnapshotRead> snapshot) {
    return snapshot
        .map(read -> read.database(lake, namespace.database()))
        .orElseGet(() -> lake.db(namespace.database()))
        .collection(namespace.collection(), BsonDocument.class);
  }

  /**
   * The collection for {@code request}'s writes: they skip its validator when the command says
   * {@code bypassDocumentValidation: true}.
   */
  MongoLakeCollection<BsonDocument> collection(Namespace namespace, CommandRequest request) {
    MongoLakeCollection<BsonDocument> collection = collection(namespace);
    return bypassesValidation(request) ? collection.bypassingDocumentValidation() : collection;
  }

  /** Whether the command asks to skip validators: {@code bypassDocumentValidation} is true. */
  static boolean bypassesValidation(CommandRequest request) {
    return CommandArguments.of(request).bool("bypassDocumentValidation", false);
  }

  /**
   * Whether the command seems to ask to skip validators, for authorization, which runs before the
   * command checks its fields' types (a value of the wrong type then fails the command itself).
   */
  static boolean asksToBypassValidation(CommandRequest request) {
    BsonValue value = request.body().get("bypassDocumentValidation");
    return value != null
        && ((value.isBoolean() && value.asBoolean().getValue())
            || (value.isNumber() && value.asNumber().doubleValue() != 0));
  }

  /**
   * {@link #onCollection}, plus the {@code bypassDocumentValidation} action on the collection when
   * the command asks to skip validators, as MongoDB requires.
   */
  static Access writing(CommandRequest request, ActionType first, ActionType... more) {
    Access access = onCollection(request, first, more);
    return asksToBypassValidation(request)
        ? Access.allOf(access, onCollection(request, ActionType.BYPASS_DOCUMENT_VALIDATION))
        : access;
  }
}
