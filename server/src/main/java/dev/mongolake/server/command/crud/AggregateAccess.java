package dev.mongolake.server.command.crud;

import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The privileges the stages of a pipeline need on other collections, as MongoDB requires them:
 * {@code find} on what {@code $lookup}, {@code $graphLookup} and {@code $unionWith} read (unless
 * their pipeline makes its own documents), {@code insert} and {@code remove} on {@code $out}'s
 * target, {@code insert} and {@code update} on {@code $merge}'s; sub-pipelines are walked too.
 * Names that do not parse need nothing here: the stage's parser refuses them.
 */
final class AggregateAccess {

  private AggregateAccess() {}

  /**
   * The accesses {@code pipeline} (run in {@code database}) needs beyond its own collection; with
   * {@code bypass} ({@code bypassDocumentValidation}), {@code bypassDocumentValidation} on the
   * collections {@code $out} and {@code $merge} write, as MongoDB requires.
   */
  static List<Access> of(String database, BsonValue pipeline, boolean bypass) {
    List<Access> out = of(database, pipeline);
    if (bypass && pipeline instanceof BsonArray stages) {
      for (BsonValue stage : stages) {
        if (stage instanceof BsonDocument document && document.size() == 1) {
          String name = document.getFirstKey();
          if (name.equals("$out") || name.equals("$merge")) {
            List<Access> target = new ArrayList<>();
            write(
                database,
                document.get(name),
                name.equals("$out") ? "coll" : "into",
                target,
                ActionType.BYPASS_DOCUMENT_VALIDATION,
                ActionType.BYPASS_DOCUMENT_VALIDATION);
            out.addAll(target);
          }
        }
      }
    }
    return out;
  }

  /** The accesses {@code pipeline} (run in {@code database}) needs beyond its own collection. */
  static List<Access> of(String database, BsonValue pipeline) {
    List<Access> out = new ArrayList<>();
    if (pipeline instanceof BsonArray stages) {
      for (BsonValue stage : stages) {
        if (stage instanceof BsonDocument document && document.size() == 1) {
          add(database, document.getFirstKey(), document.get(document.getFirstKey()), out);
        }
      }
    }
    return out;
  }

  private static void add(String database, String stage, BsonValue spec, List<Access> out) {
    switch (stage) {
      case "$lookup", "$graphLookup" -> {
        if (spec instanceof BsonDocument document) {
          BsonValue pipeline = document.get("pipeline");
          if (document.get("from") instanceof BsonString from && !startsWithDocuments(pipeline)) {
            read(database, from.getValue(), out);
          }
          out.addAll(of(database, pipeline));
        }
      }
      case "$unionWith" -> {
        if (spec instanceof BsonString coll) {
          read(database, coll.getValue(), out);
        } else if (spec instanceof BsonDocument document) {
          BsonValue pipeline = document.get("pipeline");
          if (document.get("coll") instanceof BsonString coll && !startsWithDocuments(pipeline)) {
            read(database, coll.getValue(), out);
          }
          out.addAll(of(database, pipeline));
        }
      }
      case "$out" -> write(database, spec, "coll", out, ActionType.INSERT, ActionType.REMOVE);
      case "$merge" -> write(database, spec, "into", out, ActionType.INSERT, ActionType.UPDATE);
      default -> {}
    }
  }

  private static boolean startsWithDocuments(BsonValue pipeline) {
    return pipeline instanceof BsonArray stages
        && !stages.isEmpty()
        && stages.get(0) instanceof BsonDocument first
        && first.containsKey("$documents");
  }

  private static void read(String database, String collection, List<Access> out) {
    namespace(database, collection)
        .ifPresent(ns -> out.add(Access.to(Resource.collection(ns), ActionType.FIND)));
  }

  private static void write(
      String database,
      BsonValue spec,
      String field,
      List<Access> out,
      ActionType first,
      ActionType second) {
    String db = database;
    BsonValue target = spec;
    if (spec instanceof BsonDocument document) {
      target = field.equals("into") ? document.get("into") : document;
      if (target instanceof BsonDocument namespace) {
        if (namespace.get("db") instanceof BsonString name) {
          db = name.getValue();
        }
        target = namespace.get("coll");
      }
    }
    if (target instanceof BsonString collection) {
      String targetDb = db;
      namespace(targetDb, collection.getValue())
          .ifPresent(ns -> out.add(Access.to(Resource.collection(ns), first, second)));
    }
  }

  private static Optional<Namespace> namespace(String database, String collection) {
    try {
      return Optional.of(new Namespace(database, collection));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }
}
