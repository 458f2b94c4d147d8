package dev.mongolake.server.transfer;

import java.io.Closeable;
import org.bson.BsonDocument;

/**
 * Where {@code mongolake export} writes documents. Not thread-safe; {@link #close()} finishes the
 * file (a JSON array's closing bracket) and closes the underlying writer.
 */
public interface DocumentSink extends Closeable {
  void write(BsonDocument document);
}
