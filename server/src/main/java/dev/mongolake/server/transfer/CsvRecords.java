package dev.mongolake.server.transfer;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits RFC 4180 CSV into records: fields separated by commas, quoted fields may hold commas, line
 * breaks and doubled quotes ({@code ""}); records end at CRLF or LF. Not thread-safe.
 */
final class CsvRecords {

  private final Reader reader;
  private long record;
  private int pushedBack = -2;

  CsvRecords(Reader reader) {
    this.reader = reader;
  }

  /** The number of the record last returned, from 1. */
  long recordNumber() {
    return record;
  }

  /** The next record's fields, or null at the end of input. */
  List<String> next() {
    try {
      int c = read();
      if (c < 0) {
        return null;
      }
      unread(c);
      record++;
      List<String> fields = new ArrayList<>();
      StringBuilder field = new StringBuilder();
      boolean quoted = false;
      boolean wasQuoted = false;
      while (true) {
        c = read();
        if (quoted) {
          if (c < 0) {
            throw new TransferException("Cannot read CSV record " + record + ": unclosed quote");
          } else if (c == '"') {
            int following = read();
            if (following == '"') {
              field.append('"');
            } else {
              quoted = false;
              unread(following);
            }
          } else {
            field.append((char) c);
          }
        } else if (c == '"' && field.isEmpty() && !wasQuoted) {
          quoted = true;
          wasQuoted = true;
        } else if (c == ',') {
          fields.add(field.toString());
          field.setLength(0);
          wasQuoted = false;
        } else if (c == '\r' || c == '\n' || c < 0) {
          if (c == '\r') {
            int following = read();
            if (following != '\n') {
              unread(following);
            }
          }
          fields.add(field.toString());
          return fields;
        } else {
          field.append((char) c);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private int read() throws IOException {
    if (pushedBack != -2) {
      int c = pushedBack;
      pushedBack = -2;
      return c;
    }
    return reader.read();
  }

  private void unread(int c) {
    pushedBack = c;
  }
}
