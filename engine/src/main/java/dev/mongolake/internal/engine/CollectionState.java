package dev.mongolake.internal.engine;

import dev.mongolake.Namespace;
import dev.mongolake.internal.buffer.DocumentBuffer;
import java.util.concurrent.locks.ReentrantLock;
import org.bson.BsonDocument;

/**
 * One collection inside the engine: its buffer of unflushed changes, its creation options and the
 * lock that serializes its writers (readers never take it).
 */
final class CollectionState {

  private final Namespace namespace;
  private final DocumentBuffer buffer = new DocumentBuffer();
  private final ReentrantLock writeLock = new ReentrantLock();
  private final BsonDocument options;

  CollectionState(Namespace namespace, BsonDocument options) {
    this.namespace = namespace;
    this.options = options.clone();
  }

  Namespace namespace() {
    return namespace;
  }

  DocumentBuffer buffer() {
    return buffer;
  }

  ReentrantLock writeLock() {
    return writeLock;
  }

  BsonDocument options() {
    return options.clone();
  }
}
