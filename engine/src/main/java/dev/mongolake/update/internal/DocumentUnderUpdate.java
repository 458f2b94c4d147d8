package dev.mongolake.update.internal;

import dev.mongolake.update.UpdateContext;
import java.time.Instant;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The mutable state of one application of an update: a private copy of the document, the context,
 * the array filters, and whether anything changed. Confined to one thread for one {@code apply}.
 */
public final class DocumentUnderUpdate {
  private final BsonDocument root;
  private final BsonValue originalId;
  private final UpdateContext context;
  private final Map<String, ElementMatcher> arrayFilters;
  private Instant now;
  private boolean modified;

  public DocumentUnderUpdate(
      BsonDocument original, UpdateContext context, Map<String, ElementMatcher> arrayFilters) {
    this.root = original.clone();
    BsonValue id = original.get("_id");
    this.originalId = id;
    this.context = context;
    this.arrayFilters = arrayFilters;
  }

  /** The document being changed (the private copy). */
  public BsonDocument root() {
    return root;
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

  public void markModified() {
    modified = true;
  }

  public boolean modified() {
    return modified;
  }
}
