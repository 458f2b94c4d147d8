package dev.mongolake.server.transfer;

import dev.mongolake.bson.BoundedJson;
import dev.mongolake.bson.BsonNesting;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.json.JsonReader;

/**
 * Extended JSON documents: a JSON array of documents (when the first character is {@code [}),
 * streamed element by element, or JSON lines, one document per line with blank lines skipped.
 */
public final class JsonSource implements DocumentSource {

  private final BufferedReader reader;
  private final JsonReader array;
  private BsonDocument next;
  private long line;
  private long element;

  private JsonSource(BufferedReader reader, JsonReader array) {
    this.reader = reader;
    this.array = array;
  }

  /** Opens a source over {@code reader}, deciding between array and lines from its first char. */
  public static JsonSource open(BufferedReader reader) {
    try {
      reader.mark(1);
      int first;
      do {
        reader.mark(1);
        first = reader.read();
      } while (first >= 0 && Character.isWhitespace(first));
      reader.reset();
      if (first != '[') {
        return new JsonSource(reader, null);
      }
      JsonReader json = new JsonReader(reader);
      json.readBsonType();
      json.readStartArray();
      return new JsonSource(reader, json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      throw new TransferException("Cannot read the JSON array: " + e.getMessage(), e);
    }
  }

  @Override
  public boolean hasNext() {
    if (next == null) {
      next = array != null ? nextElement() : nextLine();
    }
    return next != null;
  }

  @Override
  public BsonDocument next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    BsonDocument document = next;
    next = null;
    return document;
  }

  private BsonDocument nextElement() {
    try {
      BsonType type = array.readBsonType();
      if (type == BsonType.END_OF_DOCUMENT) {
        return null;
      }
      element++;
      if (type != BsonType.DOCUMENT) {
        throw new TransferException(
            "Cannot import array element " + element + ": it is a " + type + ", not a document");
      }
      return BoundedJson.readDocument(array, BsonNesting.MAX_DEPTH);
    } catch (TransferException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new TransferException(
          "Cannot read array element " + (element + 1) + ": " + e.getMessage(), e);
    }
  }

  private BsonDocument nextLine() {
    try {
      String text;
      do {
        text = reader.readLine();
        line++;
      } while (text != null && text.isBlank());
      if (text == null) {
        return null;
      }
      return BoundedJson.parseDocument(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      throw new TransferException("Cannot read line " + line + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
