package dev.mongolake.update.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.BsonNesting;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * Applies one {@link FieldModification} at one update path: resolves {@code $}, expands {@code $[]}
 * and {@code $[<id>]}, walks documents and arrays, creates missing parents as documents, pads
 * arrays with nulls, refuses to traverse scalars (PathNotViable) and protects {@code _id}.
 */
public final class PathApplier {
  /** MongoDB refuses to pad an array by more than this many nulls. */
  static final int MAX_PADDING = 1_500_000;

  /** MongoDB's maximum nesting depth of a stored document. */
  static final int MAX_DEPTH = BsonNesting.MAX_STORED_DEPTH;

  private final UpdatePath owner;
  private final UpdatePath path;
  private final FieldModification modification;
  private final DocumentUnderUpdate document;

  private PathApplier(
      UpdatePath owner, UpdatePath path, FieldModification modification, DocumentUnderUpdate doc) {
    this.owner = owner;
    this.path = path;
    this.modification = modification;
    this.document = doc;
  }

  /** Applies {@code modification} at {@code path} of {@code document}. */
  public static void apply(
      UpdatePath path, FieldModification modification, DocumentUnderUpdate document) {
    UpdatePath resolved = resolvePositional(path, document);
    new PathApplier(path, resolved, modification, document).walk(document.root(), "", 0, List.of());
  }

  private static UpdatePath resolvePositional(UpdatePath path, DocumentUnderUpdate document) {
    int at = path.parts().indexOf(UpdatePath.POSITIONAL);
    if (at < 0) {
      return path;
    }
    if (document.context().positionalMatch().isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "The positional operator did not find the match needed from the query.");
    }
    List<String> parts = new ArrayList<>(path.parts());
    parts.set(at, String.valueOf(document.context().positionalMatch().getAsInt()));
    return new UpdatePath(String.join(".", parts), parts);
  }

  private void walk(BsonValue container, String containerName, int depth, List<String> taken) {
    String part = path.part(depth);
    if (!UpdatePath.isArrayUpdatePart(part)) {
      step(container, containerName, depth, part, taken);
      return;
    }
    if (!container.isArray()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Cannot apply array updates to non-array element "
              + BsonDebugText.element(containerName, container));
    }
    BsonArray array = container.asArray();
    Optional<String> identifier = UpdatePath.arrayFilterIdentifier(part);
    ElementMatcher matcher = identifier.map(document::arrayFilter).orElse(element -> true);
    // Select on the elements as they were before the update, so that one step's changes do not
    // change which elements another step selects (MongoDB selects for all steps up front).
    BsonValue before = identifier.isPresent() ? document.originalAt(taken) : null;
    List<Integer> selected = new ArrayList<>();
    for (int i = 0; i < array.size(); i++) {
      BsonValue element =
          before != null && before.isArray() && i < before.asArray().size()
              ? before.asArray().get(i)
              : array.get(i);
      if (matcher.matches(element)) {
        selected.add(i);
      }
    }
    for (int index : selected) {
      step(container, containerName, depth, String.valueOf(index), taken);
    }
  }

  private void step(
      BsonValue container, String containerName, int depth, String name, List<String> taken) {
    List<String> here = append(taken, name);
    boolean last = depth == path.size() - 1;
    BsonValue child;
    if (container.isDocument()) {
      child = container.asDocument().get(name);
    } else {
      BsonArray array = container.asArray();
      if (!UpdatePath.isArrayIndex(name)) {
        blocked(
            "Cannot create field '"
                + name
                + "' in element {"
                + BsonDebugText.element(containerName, container)
                + "}");
        return;
      }
      long index = parseIndex(name);
      child = index < array.size() ? array.get((int) index) : null;
    }
    if (last) {
      applyLeaf(container, name, child, here);
    } else if (child == null) {
      createMissing(container, name, depth, here);
    } else if (child.isDocument()
        || child.isArray()
        || UpdatePath.isArrayUpdatePart(path.part(depth + 1))) {
      walk(child, name, depth + 1, here);
    } else {
      blocked(
          "Cannot create field '"
              + path.part(depth + 1)
              + "' in element {"
              + BsonDebugText.element(name, child)
              + "}");
    }
  }

  /** A path through a scalar: a no-op for modifiers that never create, an error for the rest. */
  private void blocked(String message) {
    FieldTarget target = new FieldTarget(path.part(path.size() - 1), path.dotted(), document);
    if (modification.onMissing(target) instanceof Change.Keep) {
      return;
    }
    throw new MongoLakeException(ErrorCode.PATH_NOT_VIABLE, message);
  }

  private void applyLeaf(BsonValue container, String name, BsonValue child, List<String> taken) {
    FieldTarget target = new FieldTarget(name, String.join(".", taken), document);
    Change change =
        child == null ? modification.onMissing(target) : modification.onExisting(child, target);
    switch (change) {
      case Change.Keep keep -> {}
      case Change.SetTo(BsonValue value) -> {
        if (child != null && BsonIdentity.identical(child, value)) {
          return;
        }
        checkNotImmutable(taken);
        document.recordChange(owner, String.join(".", taken));
        put(container, name, value, taken.size());
        document.markModified();
      }
      case Change.Remove remove -> {
        if (child == null) {
          return;
        }
        checkNotImmutable(taken);
        document.recordChange(owner, String.join(".", taken));
        if (container.isDocument()) {
          container.asDocument().remove(name);
        } else {
          container.asArray().set((int) parseIndex(name), BsonNull.VALUE);
        }
        document.markModified();
      }
    }
  }

  private void createMissing(BsonValue container, String name, int depth, List<String> taken) {
    for (int i = depth + 1; i < path.size(); i++) {
      if (UpdatePath.isArrayUpdatePart(path.part(i))) {
        List<String> arrayPath = new ArrayList<>(taken);
        arrayPath.addAll(path.parts().subList(depth + 1, i));
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "The path '"
                + String.join(".", arrayPath)
                + "' must exist in the document in order to apply array updates.");
      }
    }
    List<String> full = new ArrayList<>(taken);
    full.addAll(path.parts().subList(depth + 1, path.size()));
    FieldTarget target =
        new FieldTarget(path.part(path.size() - 1), String.join(".", full), document);
    if (!(modification.onMissing(target) instanceof Change.SetTo(BsonValue value))) {
      return;
    }
    BsonValue nested = value;
    for (int i = path.size() - 1; i > depth; i--) {
      nested = new BsonDocument(path.part(i), nested);
    }
    checkNotImmutable(full);
    document.recordChange(owner, String.join(".", full));
    put(container, name, nested, taken.size());
    document.markModified();
  }

  private void put(BsonValue container, String name, BsonValue value, int level) {
    if (level + nesting(value) > MAX_DEPTH) {
      throw new MongoLakeException(
          ErrorCode.OVERFLOW, "Document exceeds maximum nesting depth of " + MAX_DEPTH);
    }
    if (container.isDocument()) {
      BsonDocument target = container.asDocument();
      // An upsert's new document is validated as an insert, which may hold top-level $ fields.
      if (target == document.root()
          && name.startsWith("$")
          && !target.containsKey(name)
          && !document.context().upsertInsert()) {
        throw new MongoLakeException(
            ErrorCode.DOLLAR_PREFIXED_FIELD_NAME,
            "The dollar ($) prefixed field '"
                + name
                + "' in '"
                + name
                + "' is not allowed in the context of an update's replacement document. Consider"
                + " using an aggregation pipeline with $replaceWith.");
      }
      target.put(name, value);
      return;
    }
    BsonArray array = container.asArray();
    long index = parseIndex(name);
    if (index < array.size()) {
      array.set((int) index, value);
      return;
    }
    if (index - array.size() > MAX_PADDING) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "can't backfill array to larger than " + (MAX_PADDING + 1) + " elements");
    }
    while (array.size() < index) {
      array.add(BsonNull.VALUE);
    }
    array.add(value);
  }

  private void checkNotImmutable(List<String> taken) {
    if (!document.context().upsertInsert() && taken.getFirst().equals("_id")) {
      throw new MongoLakeException(
          ErrorCode.IMMUTABLE_FIELD,
          "Performing an update on the path '"
              + String.join(".", taken)
              + "' would modify the immutable field '_id'");
    }
  }

  /** How many levels of documents and arrays {@code value} adds below its own level. */
  private static int nesting(BsonValue value) {
    int deepest = 0;
    if (value.isDocument()) {
      for (BsonValue child : value.asDocument().values()) {
        deepest = Math.max(deepest, 1 + nesting(child));
      }
    } else if (value.isArray()) {
      for (BsonValue child : value.asArray()) {
        deepest = Math.max(deepest, 1 + nesting(child));
      }
    }
    return deepest;
  }

  private static long parseIndex(String digits) {
    // Indexes beyond any possible array are still valid names: they address nothing.
    return digits.length() > 12 ? Long.MAX_VALUE / 2 : Long.parseLong(digits);
  }

  private static List<String> append(List<String> taken, String name) {
    List<String> here = new ArrayList<>(taken.size() + 1);
    here.addAll(taken);
    here.add(name);
    return here;
  }
}
