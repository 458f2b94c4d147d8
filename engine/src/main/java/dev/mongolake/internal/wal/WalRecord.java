package dev.mongolake.internal.wal;

import dev.mongolake.Namespace;
import java.util.List;
import java.util.UUID;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One change as the engine writes it to the write-ahead log. Document changes carry the whole new
 * version (the post-image), never the update operators, so that replay is deterministic and does
 * not depend on the update language of the version that wrote it.
 */
public sealed interface WalRecord {

  /** The collection the change applies to. */
  Namespace namespace();

  /** A new document. */
  record Insert(Namespace namespace, BsonDocument document) implements WalRecord {}

  /**
   * A new version of an existing document, produced by update operators. {@code description} is
   * what changed from the version before, as a change stream's {@code updateDescription} ({@code
   * updatedFields, removedFields, truncatedArrays}), computed at the write because the log holds no
   * pre-image; null in records written before updates carried it.
   */
  record Update(
      Namespace namespace, BsonDocument document, BsonDocument description, BsonDocument before)
      implements WalRecord {

    /** An update whose description is not known. */
    public Update(Namespace namespace, BsonDocument document) {
      this(namespace, document, null, null);
    }

    /** An update without its pre-image. */
    public Update(Namespace namespace, BsonDocument document, BsonDocument description) {
      this(namespace, document, description, null);
    }
  }

  /**
   * A new version of an existing document, given whole by the client. {@code before} is the version
   * it replaced when the collection keeps pre-images ({@code changeStreamPreAndPostImages}), else
   * null; so for updates and deletes.
   */
  record Replace(Namespace namespace, BsonDocument document, BsonDocument before)
      implements WalRecord {

    public Replace(Namespace namespace, BsonDocument document) {
      this(namespace, document, null);
    }
  }

  /** Removal of the document with this {@code _id} ({@code before}: its last version, or null). */
  record Delete(Namespace namespace, BsonValue id, BsonDocument before) implements WalRecord {

    public Delete(Namespace namespace, BsonValue id) {
      this(namespace, id, null);
    }
  }

  /**
   * A created collection (with its options, for example a schema config): by {@code create}, or
   * implicitly by the first insert or index. {@code uuid} is its identity ({@code listCollections}'
   * {@code info.uuid}, an oplog entry's {@code ui}), which replay gives it again; null in records
   * written before creates carried it.
   */
  record CreateCollection(Namespace namespace, BsonDocument options, UUID uuid)
      implements WalRecord {

    /** A create whose identity is not recorded. */
    public CreateCollection(Namespace namespace, BsonDocument options) {
      this(namespace, options, null);
    }
  }

  /**
   * A collection's new options ({@code collMod}'s validator, validationLevel, validationAction, a
   * capped collection's size and max): they replace the options it had, {@code before} (null in
   * records written before modifications carried them).
   */
  record ModifyCollection(Namespace namespace, BsonDocument options, BsonDocument before)
      implements WalRecord {

    /** A modification without the options it replaced. */
    public ModifyCollection(Namespace namespace, BsonDocument options) {
      this(namespace, options, null);
    }
  }

  /**
   * A dropped collection; its documents and indexes go with it. {@code endsDatabase}: it was the
   * last collection of a {@code dropDatabase}, after which the database's change streams see a
   * {@code dropDatabase} event.
   */
  record DropCollection(Namespace namespace, boolean endsDatabase) implements WalRecord {

    public DropCollection(Namespace namespace) {
      this(namespace, false);
    }
  }

  /**
   * A new secondary index, given as its {@code listIndexes} specification; or, with {@code before}
   * (the definition it replaces), {@code collMod}'s new TTL or visibility of an existing index.
   */
  record CreateIndex(Namespace namespace, BsonDocument spec, BsonDocument before)
      implements WalRecord {

    /** A new index. */
    public CreateIndex(Namespace namespace, BsonDocument spec) {
      this(namespace, spec, null);
    }
  }

  /**
   * A dropped secondary index, with its {@code listIndexes} specification ({@code spec}; null in
   * records written before drops carried it).
   */
  record DropIndex(Namespace namespace, String name, BsonDocument spec) implements WalRecord {

    /** A drop without the index's specification. */
    public DropIndex(Namespace namespace, String name) {
      this(namespace, name, null);
    }
  }

  /**
   * A collection renamed to {@code target}, with its documents, indexes and table; a collection
   * already named {@code target} is dropped ({@code dropTarget}). {@link #namespace()} is the old
   * name.
   */
  record RenameCollection(Namespace namespace, Namespace target, boolean dropTarget)
      implements WalRecord {}

  /**
   * The changes of a committed multi-document transaction: one log record, so that after a crash
   * either all of them are in the log or none is. The collections and indexes it created come first
   * ({@link CreateCollection}, and {@link CreateIndex} without {@code before}), then its document
   * changes ({@link Insert}, {@link Update}, {@link Replace}, {@link Delete}) in the order its
   * statements made them; all of them apply at the record's one log sequence. {@link #namespace()}
   * is the first change's.
   *
   * @param session the logical session that ran it, or {@code null} for an embedded transaction
   * @param txnNumber the session's transaction number (0 without a session)
   */
  record Transaction(List<WalRecord> changes, UUID session, long txnNumber) implements WalRecord {

    public Transaction {
      changes = List.copyOf(changes);
      if (changes.isEmpty()) {
        throw new IllegalArgumentException("a transaction record holds at least one change");
      }
      for (WalRecord change : changes) {
        if (!(change instanceof Insert
            || change instanceof Update
            || change instanceof Replace
            || change instanceof Delete
            || change instanceof CreateCollection
            || (change instanceof CreateIndex index && index.before() == null))) {
          throw new IllegalArgumentException(
              "a transaction record holds document changes and creates only, not " + change);
        }
      }
    }

    @Override
    public Namespace namespace() {
      return changes.getFirst().namespace();
    }
  }

  /**
   * A change made by a statement of a retryable write, marked with the statement: replay rebuilds
   * from it which statements of a session's transaction number already ran, and what they returned.
   */
  record Retryable(WalRecord change, StatementMark mark) implements WalRecord {

    public Retryable {
      if (change instanceof Retryable) {
        throw new IllegalArgumentException("a retryable change marks one change");
      }
    }

    @Override
    public Namespace namespace() {
      return change.namespace();
    }
  }
}
