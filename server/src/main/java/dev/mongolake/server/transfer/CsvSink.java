package dev.mongolake.server.transfer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * CSV output of the chosen fields: a header line, then one record per document. Dotted fields read
 * into embedded documents; a missing field is an empty cell. Cells are quoted only when they must
 * be (RFC 4180).
 */
public final class CsvSink implements DocumentSink {

  private final Writer out;
  private final List<String> fields;

  public CsvSink(Writer out, List<String> fields) {
    if (fields == null || fields.isEmpty()) {
      throw new TransferException("Cannot export CSV: name the columns with --fields");
    }
    this.out = out;
    this.fields = List.copyOf(fields);
    writeRecord(this.fields);
  }

  @Override
  public void write(BsonDocument document) {
    writeRecord(fields.stream().map(f -> CsvValues.write(lookup(document, f))).toList());
  }

  private void writeRecord(List<String> cells) {
    try {
      for (int i = 0; i < cells.size(); i++) {
        if (i > 0) {
          out.write(',');
        }
        out.write(quote(cells.get(i)));
      }
      out.write("\r\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static BsonValue lookup(BsonDocument document, String path) {
    BsonValue current = document;
    for (String part : path.split("\\.")) {
      if (current == null || !current.isDocument()) {
        return null;
      }
      current = current.asDocument().get(part);
    }
    return current;
  }

  private static String quote(String cell) {
    boolean needsQuotes =
        cell.indexOf(',') >= 0
            || cell.indexOf('"') >= 0
            || cell.indexOf('\n') >= 0
            || cell.indexOf('\r') >= 0
            || (!cell.isEmpty()
                && (cell.charAt(0) == ' ' || cell.charAt(cell.length() - 1) == ' '));
    return needsQuotes ? '"' + cell.replace("\"", "\"\"") + '"' : cell;
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
