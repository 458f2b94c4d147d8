package dev.mongolake.update.internal;

import dev.mongolake.update.UpdateContext;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The mutable state of one application of an update: a private copy of the document, the context,
 * the array filters, and whether anything changed. Confined to one thread for one {@code apply}.
 */
public final class DocumentUnderUpdate {
  private final BsonDocument original;
  private final BsonDocument root;
  private final BsonValue originalId;
  private final UpdateContext context;
  private final Map<String, ElementMatcher> arrayFilters;
  private final AppliedPaths appliedPaths;
  private Instant now;
  private boolean modified;

  /**
   * @param trackConflicts whether to check that expanded array updates do not change one path twice
   *     (needed only when the update has {@code $[]} or {@code $[<id>]} paths)
   */
  public DocumentUnderUpdate(
      BsonDocument original,
      UpdateContext context,
      Map<String, ElementMatcher> arrayFilters,
      boolean trackConflicts) {
    this.original = original;
    this.root = original.clone();
    BsonValue id = original.get("_id");
    this.originalId = id;
    this.context = context;
    this.arrayFilters = arrayFilters;
    this.appliedPaths = trackConflicts ? new AppliedPaths() : null;
  }

  /** The document being changed (the private copy). */
  public BsonDocument root() {
    return root;
  }

  /**
   * The value at a concrete path in the document as it was before the update, or null. Array
   * filters look at elements as they were, like MongoDB, which selects the elements for every
   * {@code $[<id>]} before changing any.
   */
  public BsonValue originalAt(List<String> path) {
    BsonValue current = original;
    for (String part : path) {
      if (current.isDocument()) {
        current = current.asDocument().get(part);
      } else if (current.isArray()
          && UpdatePath.isArrayIndex(part)
          && part.length() < 10
          && Integer.parseInt(part) < current.asArray().size()) {
        current = current.asArray().get(Integer.parseInt(part));
      } else {
        return null;
      }
      if (current == null) {
        return null;
      }
    }
    return current;
  }

  /** The {@code _id} before the update, for messages; null when absent. */
  public BsonValue originalId() {
    return originalId;
  }

  public UpdateContext context() {
    return context;
  }

  /** The matcher for {@code $[identifier]}; parsing guaranteed it exists. */
  public ElementMatcher arrayFilter(String identifier) {
    ElementMatcher matcher = arrayFilters.get(identifier);
    if (matcher == null) {
      throw new IllegalStateException("no array filter for " + identifier);
    }
    return matcher;
  }

  /** One instant per update, so that every $currentDate field of it gets the same time. */
  public Instant now() {
    if (now == null) {
      now = context.clock().instant();
    }
    return now;
  }

  /** Records a change of the concrete {@code path} by the step that owns {@code stepPath}. */
  void recordChange(UpdatePath stepPath, String path) {
    if (appliedPaths != null) {
      appliedPaths.record(stepPath, path);
    }
  }

  public void markModified() {
    modified = true;
  }

  public boolean modified() {
    return modified;
  }
}
