package dev.mongolake.server.command;

import dev.mongolake.bson.BsonBytesEncoder;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;

/**
 * A cursor's results as its reply batches take them: each document as its BSON bytes (a {@link
 * RawBsonDocument}, encoded once when a batch first looks at it and copied as bytes by the wire
 * encoder), so that a batch can count its bytes before it takes the document; one a batch had no
 * room for stays first for the next batch.
 *
 * <p>Not thread-safe: read by the thread holding its cursor's lock. {@link #close()} closes the
 * results when they are {@link AutoCloseable}.
 */
final class ReplyDocuments implements Iterator<BsonDocument>, AutoCloseable {

  private final Iterator<BsonDocument> results;
  private RawBsonDocument pending;

  private ReplyDocuments(Iterator<BsonDocument> results) {
    this.results = results;
  }

  /** {@code results} as reply documents (the same object if it already is). */
  static ReplyDocuments of(Iterator<BsonDocument> results) {
    return results instanceof ReplyDocuments documents ? documents : new ReplyDocuments(results);
  }

  @Override
  public boolean hasNext() {
    return pending != null || results.hasNext();
  }

  /**
   * The next document as BSON bytes, without taking it.
   *
   * @param scratch where a document not already in bytes is encoded (reused across documents)
   * @throws NoSuchElementException when there are no more results
   */
  RawBsonDocument peek(BsonBytesEncoder scratch) {
    if (pending == null) {
      BsonDocument next = results.next();
      if (next instanceof RawBsonDocument raw) {
        pending = raw;
      } else {
        scratch.reset();
        scratch.writeDocument(next);
        pending = new RawBsonDocument(scratch.toByteArray());
      }
    }
    return pending;
  }

  /** The next document: the one {@link #peek} encoded, or the next result as it is. */
  @Override
  public BsonDocument next() {
    if (pending == null) {
      return results.next();
    }
    RawBsonDocument next = pending;
    pending = null;
    return next;
  }

  /** The encoded size of a document {@link #peek} returned. */
  static int size(RawBsonDocument document) {
    return document.getByteBuffer().remaining();
  }

  @Override
  public void close() throws Exception {
    pending = null;
    if (results instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }
}
