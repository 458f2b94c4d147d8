package dev.mongolake.internal.engine;

import dev.mongolake.bson.BsonBytesDecoder;
import dev.mongolake.bson.BsonBytesEncoder;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * A capped collection's insertion positions on disk: {@code
 * <table>/_mongolake_insertion_order.bson}, one BSON document {@code {_id, at}} per document, back
 * to back. Written with the table before each flush's commit, from the positions known then (they
 * cover every document the commit holds; a position is the log sequence of its insert, so a replay
 * after the table's version reproduces the later ones). The Parquet files keep documents by {@code
 * _id}; this file is what restores the natural order at open. The leading underscore keeps Delta's
 * vacuum and readers away.
 */
final class InsertionOrderFile {

  /** The file name inside the collection's table folder. */
  static final String FILE_NAME = "_mongolake_insertion_order.bson";

  private InsertionOrderFile() {}

  /** The positions stored with the table at {@code tablePath}; empty when there are none. */
  static Map<BsonValue, Long> read(Storage storage, String tablePath) {
    Map<BsonValue, Long> positions = new TreeMap<>(BsonComparisonOrder.INSTANCE);
    byte[] bytes;
    try {
      bytes = storage.read(tablePath + "/" + FILE_NAME);
    } catch (StorageFileNotFoundException e) {
      return positions;
    }
    ByteBuffer lengths = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int offset = 0;
    while (offset + 4 <= bytes.length) {
      int length = lengths.getInt(offset);
      BsonDocument entry = BsonBytesDecoder.decode(bytes, offset, length);
      positions.put(entry.get("_id"), entry.getInt64("at").getValue());
      offset += length;
    }
    return positions;
  }

  /** Replaces the positions stored with the table at {@code tablePath}. */
  static void write(Storage storage, String tablePath, Map<BsonValue, Long> positions) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Map.Entry<BsonValue, Long> position : positions.entrySet()) {
      BsonDocument entry =
          new BsonDocument("_id", position.getKey())
              .append("at", new BsonInt64(position.getValue()));
      out.writeBytes(BsonBytesEncoder.encode(entry));
    }
    storage.overwrite(tablePath + "/" + FILE_NAME, out.toByteArray());
  }
}
