package dev.mongolake.server.transfer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import org.bson.BsonDocument;
import org.bson.json.JsonWriterSettings;

/** Extended JSON output: one document per line, or a JSON array with one element per line. */
public final class JsonSink implements DocumentSink {

  private final Writer out;
  private final JsonWriterSettings settings;
  private final boolean array;
  private long written;

  public JsonSink(Writer out, JsonWriterSettings settings, boolean array) {
    this.out = out;
    this.settings = settings;
    this.array = array;
  }

  @Override
  public void write(BsonDocument document) {
    try {
      if (array) {
        out.write(written == 0 ? "[\n" : ",\n");
      }
      out.write(document.toJson(settings));
      if (!array) {
        out.write('\n');
      }
      written++;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    try {
      if (array) {
        out.write(written == 0 ? "[]\n" : "\n]\n");
      }
    } finally {
      out.close();
    }
  }
}
