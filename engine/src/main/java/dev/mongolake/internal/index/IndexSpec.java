package dev.mongolake.internal.index;

import dev.mongolake.delta.order.Collation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * A validated index definition, as {@code listIndexes} shows it and as the log and the catalog file
 * store it.
 *
 * @param name the index name, unique within its collection
 * @param keys the key pattern: field paths mapped to 1 (ascending) or -1 (descending), in order
 * @param unique whether two documents may not share a key
 * @param sparse whether documents lacking every indexed field are left out
 * @param partialFilter only documents matching this filter are indexed; {@code null} for all
 * @param expireAfterSeconds a TTL on a date field; {@code null} when the index has none
 * @param hidden whether the query planner ignores the index (it is still maintained, enforces its
 *     uniqueness and expires documents), so that dropping it can be tried out and undone at once
 */
public record IndexSpec(
    String name,
    BsonDocument keys,
    boolean unique,
    boolean sparse,
    BsonDocument partialFilter,
    Long expireAfterSeconds,
    boolean hidden,
    Collation collation) {

  /** The name of the index every collection has on {@code _id}. */
  public static final String ID_INDEX_NAME = "_id_";

  public IndexSpec {
    Objects.requireNonNull(name, "name");
    keys = keys.clone();
    partialFilter = partialFilter == null ? null : partialFilter.clone();
    Objects.requireNonNull(collation, "collation");
  }

  /** An index under the simple collation. */
  public IndexSpec(
      String name,
      BsonDocument keys,
      boolean unique,
      boolean sparse,
      BsonDocument partialFilter,
      Long expireAfterSeconds,
      boolean hidden) {
    this(name, keys, unique, sparse, partialFilter, expireAfterSeconds, hidden, Collation.SIMPLE);
  }

  /** The {@code _id_} index of a collection whose default collation is {@code collation}. */
  public static IndexSpec idIndex(Collation collation) {
    return new IndexSpec(
        ID_INDEX_NAME,
        new BsonDocument("_id", new BsonInt32(1)),
        false,
        false,
        null,
        null,
        false,
        collation);
  }

  /** This index, unique or not. */
  public IndexSpec withUnique(boolean value) {
    return new IndexSpec(
        name, keys, value, sparse, partialFilter, expireAfterSeconds, hidden, collation);
  }

  /** The {@code _id_} index. */
  public static IndexSpec idIndex() {
    return idIndex(Collation.SIMPLE);
  }

  /** The indexed field paths, in key pattern order. */
  public List<String> fields() {
    return new ArrayList<>(keys.keySet());
  }

  /** Whether the key pattern's leading field is descending. */
  public boolean leadingDescending() {
    return keys.get(keys.getFirstKey()).asNumber().doubleValue() < 0;
  }

  /** Same key pattern (fields, order and directions). */
  public boolean sameKeys(IndexSpec other) {
    return keys.equals(other.keys);
  }

  /** Same key pattern and same options: re-creating it is a no-op. */
  public boolean sameDefinition(IndexSpec other) {
    return sameEntries(other)
        && Objects.equals(expireAfterSeconds, other.expireAfterSeconds)
        && hidden == other.hidden;
  }

  /**
   * Same name and the same entries for the same documents: only the options that decide which keys
   * the index holds (its TTL and visibility do not), so its stored contents serve both.
   */
  public boolean sameEntries(IndexSpec other) {
    return name.equals(other.name)
        && sameKeys(other)
        && unique == other.unique
        && sparse == other.sparse
        && Objects.equals(partialFilter, other.partialFilter)
        && collation.equals(other.collation);
  }

  public IndexSpec withExpireAfterSeconds(Long value) {
    return new IndexSpec(name, keys, unique, sparse, partialFilter, value, hidden, collation);
  }

  public IndexSpec withHidden(boolean value) {
    return new IndexSpec(
        name, keys, unique, sparse, partialFilter, expireAfterSeconds, value, collation);
  }

  /** The {@code listIndexes} form: {@code {v: 2, key, name, unique?, sparse?, ...}}. */
  public BsonDocument toDocument() {
    BsonDocument out =
        new BsonDocument("v", new BsonInt32(2))
            .append("key", keys.clone())
            .append("name", new BsonString(name));
    // The _id index is unique without saying so, as MongoDB lists it.
    if (unique && !name.equals(ID_INDEX_NAME)) {
      out.append("unique", BsonBoolean.TRUE);
    }
    if (sparse) {
      out.append("sparse", BsonBoolean.TRUE);
    }
    if (partialFilter != null) {
      out.append("partialFilterExpression", partialFilter.clone());
    }
    if (expireAfterSeconds != null) {
      out.append("expireAfterSeconds", new BsonInt64(expireAfterSeconds));
    }
    if (hidden) {
      out.append("hidden", BsonBoolean.TRUE);
    }
    if (!collation.isSimple()) {
      out.append("collation", collation.toDocument());
    }
    return out;
  }
}
