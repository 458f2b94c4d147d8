package dev.mongolake.aggregate;

import java.util.Iterator;
import org.bson.BsonDocument;

/** One pipeline stage: turns a stream of documents into another. Stateless and reusable. */
@FunctionalInterface
public interface Stage {
  Iterator<BsonDocument> apply(Iterator<BsonDocument> input);
}
