package dev.mongolake.server.transfer;

import java.io.IOException;
import java.io.Reader;
import java.util.List;
import java.util.NoSuchElementException;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Documents from CSV: field names from the header line (or given), one document per record. Dotted
 * names build nested documents ({@code address.city}); empty cells are left out, so a missing value
 * stays missing rather than becoming an empty string.
 */
public final class CsvSource implements DocumentSource {

  private final Reader reader;
  private final CsvRecords records;
  private final List<String> fields;
  private BsonDocument next;

  private CsvSource(Reader reader, CsvRecords records, List<String> fields) {
    this.reader = reader;
    this.records = records;
    this.fields = fields;
  }

  /**
   * @param fields field names, or null to read them from the first line
   */
  public static CsvSource open(Reader reader, List<String> fields) {
    CsvRecords records = new CsvRecords(reader);
    List<String> names = fields;
    if (names == null) {
      names = records.next();
      if (names == null) {
        names = List.of();
      }
    }
    for (String name : names) {
      if (name.isBlank()) {
        throw new TransferException("Cannot import CSV: a field name in the header is empty");
      }
    }
    return new CsvSource(reader, records, List.copyOf(names));
  }

  @Override
  public boolean hasNext() {
    while (next == null) {
      List<String> cells = records.next();
      if (cells == null) {
        return false;
      }
      if (cells.size() == 1 && cells.getFirst().isEmpty()) {
        continue; // a blank line
      }
      next = document(cells);
    }
    return true;
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

  private BsonDocument document(List<String> cells) {
    if (cells.size() > fields.size()) {
      throw new TransferException(
          "Cannot import CSV record "
              + records.recordNumber()
              + ": it has "
              + cells.size()
              + " fields, the header names "
              + fields.size());
    }
    BsonDocument document = new BsonDocument();
    for (int i = 0; i < cells.size(); i++) {
      if (!cells.get(i).isEmpty()) {
        put(document, fields.get(i), CsvValues.read(cells.get(i)));
      }
    }
    return document;
  }

  private static void put(BsonDocument document, String path, BsonValue value) {
    int dot = path.indexOf('.');
    if (dot < 0) {
      document.put(path, value);
      return;
    }
    String head = path.substring(0, dot);
    BsonValue child = document.get(head);
    if (child == null || !child.isDocument()) {
      child = new BsonDocument();
      document.put(head, child);
    }
    put(child.asDocument(), path.substring(dot + 1), value);
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
