package dev.mongolake.delta.variant.internal;

import dev.mongolake.bson.BsonNesting;
import dev.mongolake.delta.variant.VariantCodecException;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBinaryReader;
import org.bson.BsonDocument;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.DecoderContext;

/**
 * Reads raw BSON bytes into a {@link BsonDocument} at every level, refusing duplicate keys, which
 * raw BSON can hold but a {@link RawBsonDocument}'s map view would silently collapse.
 */
public final class StrictBsonReader {
  private static final BsonValueCodec SCALARS = new BsonValueCodec();
  private static final DecoderContext CONTEXT = DecoderContext.builder().build();

  private StrictBsonReader() {}

  /**
   * Reads the document.
   *
   * @throws VariantCodecException if a key repeats or the document nests deeper than {@link
   *     BsonNesting#MAX_DEPTH} (which org.bson's reader would follow until the stack ran out)
   */
  public static BsonDocument read(RawBsonDocument raw) {
    try (BsonBinaryReader reader = new BsonBinaryReader(raw.getByteBuffer().asNIO())) {
      return readDocument(reader, 0);
    }
  }

  private static BsonDocument readDocument(BsonReader reader, int depth) {
    if (depth > BsonNesting.MAX_DEPTH) {
      throw new VariantCodecException("Cannot encode document: " + BsonNesting.TOO_DEEP);
    }
    reader.readStartDocument();
    BsonDocument document = new BsonDocument();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      String key = reader.readName();
      if (document.containsKey(key)) {
        throw new VariantCodecException("Cannot encode document: duplicate key '" + key + "'");
      }
      document.append(key, readValue(reader, depth));
    }
    reader.readEndDocument();
    return document;
  }

  /** A value of a container at {@code depth} (the top-level document is 0). */
  private static BsonValue readValue(BsonReader reader, int depth) {
    return switch (reader.getCurrentBsonType()) {
      case DOCUMENT -> readDocument(reader, depth + 1);
      case ARRAY -> readArray(reader, depth + 1);
      case JAVASCRIPT_WITH_SCOPE -> {
        String code = reader.readJavaScriptWithScope();
        yield new BsonJavaScriptWithScope(code, readDocument(reader, depth + 1));
      }
      default -> SCALARS.decode(reader, CONTEXT);
    };
  }

  private static BsonArray readArray(BsonReader reader, int depth) {
    if (depth > BsonNesting.MAX_DEPTH) {
      throw new VariantCodecException("Cannot encode document: " + BsonNesting.TOO_DEEP);
    }
    reader.readStartArray();
    List<BsonValue> values = new ArrayList<>();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      values.add(readValue(reader, depth));
    }
    reader.readEndArray();
    return new BsonArray(values);
  }
}
