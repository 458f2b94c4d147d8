package dev.mongolake.server.command.crud;

import dev.mongolake.MongoLakeException;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/** The {@code writeErrors} array of a write command's reply: one entry per failed statement. */
final class WriteErrors {

  private final BsonArray entries = new BsonArray();

  /** MongoDB's entry: index, code, the error's structured detail (keyPattern...), errmsg. */
  void add(int index, MongoLakeException error) {
    BsonDocument entry =
        new BsonDocument("index", new BsonInt32(index))
            .append("code", new BsonInt32(error.errorCode().code()));
    entry.putAll(error.errorInfo());
    entry.append("errmsg", new BsonString(error.getMessage()));
    entries.add(entry);
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  /** Adds {@code writeErrors} to the reply when there are any. */
  void addTo(BsonDocument reply) {
    if (!entries.isEmpty()) {
      reply.put("writeErrors", entries);
    }
  }
}
