package dev.mongolake.internal.index;

import dev.mongolake.bson.BsonBytesDecoder;
import dev.mongolake.delta.cdc.ChangeRow;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * One secondary index's entries as they were at one version of the collection's Delta table, so
 * that opening the collection loads the index instead of scanning the table to rebuild it.
 *
 * <p>Stored next to the Delta log as {@code <table>/_mongolake_indexes/<name>-<version>.mlidx} (the
 * name URL-encoded, the table version zero-padded to 20 digits so that names sort by version; the
 * leading underscore keeps Delta's vacuum and readers away). Files are immutable: a newer table
 * version gets a new file, and the older ones are deleted once superseded.
 *
 * <p>Layout, big-endian integers:
 *
 * <pre>
 *   "MLIX" | int32 format (1) | int32 n | header: n bytes of BSON {spec, tableVersion, logSequence,
 *       multikey (absent in older files: then taken as true)}
 *   blocks of up to 1,024 entries in index order, each a BSON document whose fields are, per entry,
 *     one "k" field per key value and then one "i" field holding the _id
 *   int32 0 (end of blocks) | int64 entry count | int32 CRC32C of every byte before it
 * </pre>
 *
 * <p>Blocks rather than one document per entry, and a decoder that reads the common value types
 * directly, because open must load entries faster than a table scan rebuilds them.
 */
public final class IndexFile {

  /** The folder, inside the table's folder, that holds the index files. */
  public static final String FOLDER = "_mongolake_indexes/";

  private static final String SUFFIX = ".mlidx";
  private static final byte[] MAGIC = {'M', 'L', 'I', 'X'};
  private static final int FORMAT = 1;
  private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();
  private static final EncoderContext ENCODE = EncoderContext.builder().build();
  private static final DecoderContext DECODE = DecoderContext.builder().build();
  private static final BsonValueCodec VALUES = new BsonValueCodec();

  /** A stored index file: which index, at which table version. */
  public record Stored(String path, String indexName, long tableVersion) {}

  /** Thrown when a file is not a valid index file for the expected spec and version. */
  public static final class InvalidIndexFileException extends RuntimeException {
    InvalidIndexFileException(String message) {
      super(message);
    }
  }

  private IndexFile() {}

  /** The path of the index file of {@code indexName} at {@code tableVersion}. */
  public static String path(String tablePath, String indexName, long tableVersion) {
    return tablePath
        + "/"
        + FOLDER
        + URLEncoder.encode(indexName, StandardCharsets.UTF_8)
        + "-"
        + String.format("%020d", tableVersion)
        + SUFFIX;
  }

  /** Every index file of the table, oldest version first per index; foreign files are skipped. */
  public static List<Stored> list(Storage storage, String tablePath) {
    String prefix = tablePath + "/" + FOLDER;
    List<Stored> stored = new ArrayList<>();
    for (FileEntry file : storage.list(prefix, prefix)) {
      String name = file.path().substring(prefix.length());
      int dash = name.lastIndexOf('-');
      if (name.contains("/") || !name.endsWith(SUFFIX) || dash < 0) {
        continue;
      }
      try {
        long version = Long.parseLong(name.substring(dash + 1, name.length() - SUFFIX.length()));
        String indexName = URLDecoder.decode(name.substring(0, dash), StandardCharsets.UTF_8);
        stored.add(new Stored(file.path(), indexName, version));
      } catch (IllegalArgumentException e) {
        // Not one of ours.
      }
    }
    return stored;
  }

  /**
   * Writes the entries of {@code index} live at log sequence {@code logSequence}, which must be the
   * sequence the table at {@code tableVersion} holds, and must not be later than any change being
   * applied while this runs (writers may run meanwhile). The file appears whole or not at all.
   *
   * @return the number of entries written
   */
  public static long write(
      Storage storage,
      String tablePath,
      SecondaryIndex index,
      long tableVersion,
      long logSequence) {
    String path = path(tablePath, index.spec().name(), tableVersion);
    CRC32C crc = new CRC32C();
    long[] count = {0};
    // Only the storage's stream is closed (once: closing is what publishes the file).
    try (OutputStream target = storage.openOutput(path)) {
      BufferedOutputStream buffered = new BufferedOutputStream(target, 1 << 16);
      DataOutputStream out = new DataOutputStream(new CheckedOutputStream(buffered, crc));
      out.write(MAGIC);
      out.writeInt(FORMAT);
      byte[] header =
          bson(
              new BsonDocument("spec", index.spec().toDocument())
                  .append("tableVersion", new BsonInt64(tableVersion))
                  .append("logSequence", new BsonInt64(logSequence))
                  .append("multikey", BsonBoolean.valueOf(index.multikey())));
      out.writeInt(header.length);
      out.write(header);
      BlockWriter blocks = new BlockWriter(out);
      index.forEachLiveAt(logSequence, blocks::add);
      blocks.finish();
      count[0] = blocks.count;
      out.writeInt(0);
      out.writeLong(count[0]);
      out.flush();
      // The checksum covers everything before it, so it bypasses the checked stream.
      buffered.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
      buffered.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return count[0];
  }

  /**
   * Reads an index file into a new index of {@code spec} (not yet installed).
   *
   * @throws InvalidIndexFileException if the file is truncated or corrupted, or was written for
   *     another definition or table version
   */
  public static SecondaryIndex read(
      Storage storage, Stored stored, IndexSpec spec, long tableVersion) {
    byte[] bytes = storage.read(stored.path());
    if (bytes.length < 4 + 4 + 4 + 4 + 8 + 4) {
      throw invalid(stored, "it is truncated (" + bytes.length + " bytes)");
    }
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, bytes.length - 4);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    if ((int) crc.getValue() != in.getInt(bytes.length - 4)) {
      throw invalid(stored, "its checksum does not match");
    }
    for (byte b : MAGIC) {
      if (in.get() != b) {
        throw invalid(stored, "it does not start with MLIX");
      }
    }
    int format = in.getInt();
    if (format != FORMAT) {
      throw invalid(stored, "its format " + format + " is unknown");
    }
    int headerLength = in.getInt();
    BsonDocument header = document(bytes, in.position(), headerLength);
    in.position(in.position() + headerLength);
    IndexSpec written = IndexSpecParser.parse(header.getDocument("spec"));
    if (!written.sameEntries(spec)) {
      throw invalid(stored, "it was written for another definition " + written.toDocument());
    }
    long version = header.getInt64("tableVersion").getValue();
    if (version != tableVersion) {
      throw invalid(stored, "it holds table version " + version + ", not " + tableVersion);
    }
    List<SecondaryIndex.Entry> entries = new ArrayList<>();
    ByteBuffer little = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int position = in.position();
    while (true) {
      int length = little.getInt(position);
      if (length == 0) {
        break;
      }
      if (length < 5 || position + length > bytes.length - 16) {
        throw invalid(stored, "a block at byte " + position + " is malformed");
      }
      readBlock(ByteBuffer.wrap(bytes, position, length).slice(), entries);
      position += length;
    }
    long count = in.getLong(position + 4);
    if (count != entries.size()) {
      throw invalid(stored, "it holds " + entries.size() + " entries, not " + count);
    }
    SecondaryIndex index = new SecondaryIndex(spec, Long.MAX_VALUE);
    index.loadSorted(entries);
    // A file written before the flag was recorded may hold any documents: multikey, to be safe.
    if (!header.getBoolean("multikey", BsonBoolean.TRUE).getValue()) {
      return index;
    }
    index.markMultikey();
    return index;
  }

  /**
   * Brings an index loaded at one table version up to a later one by the table's changes between
   * them: per commit, the deleted and replaced documents' keys go, then the new versions' come.
   */
  public static void catchUp(SecondaryIndex index, List<ChangeRow> changes) {
    Iterator<ChangeRow> rows = changes.iterator();
    List<ChangeRow> commit = new ArrayList<>();
    ChangeRow next = rows.hasNext() ? rows.next() : null;
    while (next != null) {
      long version = next.commitVersion();
      commit.clear();
      while (next != null && next.commitVersion() == version) {
        commit.add(next);
        next = rows.hasNext() ? rows.next() : null;
      }
      for (ChangeRow row : commit) {
        switch (row.changeType()) {
          case DELETE, UPDATE_PREIMAGE -> index.remove(0, row.document().get("_id"));
          default -> {}
        }
      }
      for (ChangeRow row : commit) {
        switch (row.changeType()) {
          case INSERT, UPDATE_POSTIMAGE -> {
            BsonDocument document = row.document();
            index.put(0, document.get("_id"), index.keys(document));
          }
          default -> {}
        }
      }
    }
    index.forgetRemovedUpTo(0);
  }

  /** Frames entries into blocks and writes each block when full. */
  private static final class BlockWriter {
    private static final int ENTRIES_PER_BLOCK = 1024;
    private final DataOutputStream out;
    private final BasicOutputBuffer buffer = new BasicOutputBuffer(1 << 16);
    private BsonBinaryWriter writer;
    private int inBlock;
    private long count;

    BlockWriter(DataOutputStream out) {
      this.out = out;
    }

    void add(SecondaryIndex.Entry entry) {
      if (writer == null) {
        buffer.truncateToPosition(0);
        writer = new BsonBinaryWriter(buffer);
        writer.writeStartDocument();
      }
      for (BsonValue value : entry.key().values()) {
        writer.writeName("k");
        VALUES.encode(writer, value, ENCODE);
      }
      writer.writeName("i");
      VALUES.encode(writer, entry.id(), ENCODE);
      count++;
      if (++inBlock == ENTRIES_PER_BLOCK) {
        endBlock();
      }
    }

    private void endBlock() {
      writer.writeEndDocument();
      writer.close();
      writer = null;
      inBlock = 0;
      try {
        buffer.pipe(out);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    void finish() {
      if (writer != null) {
        endBlock();
      }
    }
  }

  private static void readBlock(ByteBuffer block, List<SecondaryIndex.Entry> entries) {
    try (BsonBinaryReader reader = new BsonBinaryReader(block)) {
      reader.readStartDocument();
      List<BsonValue> key = new ArrayList<>(2);
      while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
        String name = reader.readName();
        BsonValue value = readValue(reader);
        if (name.equals("k")) {
          key.add(value);
        } else {
          entries.add(new SecondaryIndex.Entry(new IndexKey(key), value));
          key.clear();
        }
      }
      reader.readEndDocument();
    }
  }

  /** The common key types read directly; the rest through the codec. */
  private static BsonValue readValue(BsonBinaryReader reader) {
    return switch (reader.getCurrentBsonType()) {
      case INT32 -> new BsonInt32(reader.readInt32());
      case INT64 -> new BsonInt64(reader.readInt64());
      case DOUBLE -> new BsonDouble(reader.readDouble());
      case STRING -> new BsonString(reader.readString());
      case OBJECT_ID -> new BsonObjectId(reader.readObjectId());
      case DATE_TIME -> new BsonDateTime(reader.readDateTime());
      case BOOLEAN -> BsonBoolean.valueOf(reader.readBoolean());
      case NULL -> {
        reader.readNull();
        yield BsonNull.VALUE;
      }
      default -> VALUES.decode(reader, DECODE);
    };
  }

  private static byte[] bson(BsonDocument document) {
    BasicOutputBuffer buffer = new BasicOutputBuffer();
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      CODEC.encode(writer, document, ENCODE);
    }
    return buffer.toByteArray();
  }

  // The byte decoder holds a damaged file's nesting to MongoDB's limit; org.bson's has no bound.
  private static BsonDocument document(byte[] bytes, int offset, int length) {
    return BsonBytesDecoder.decode(bytes, offset, length);
  }

  private static InvalidIndexFileException invalid(Stored stored, String reason) {
    return new InvalidIndexFileException("Cannot load index file " + stored.path() + ": " + reason);
  }
}
