package dev.mongolake.delta.variant.internal;

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

  public static BsonDocument read(RawBsonDocument raw) {
    try (BsonBinaryReader reader = new BsonBinaryReader(raw.getByteBuffer().asNIO())) {
      return readDocument(reader);
    }
  }

  private static BsonDocument readDocument(BsonReader reader) {
    reader.readStartDocument();
    BsonDocument document = new BsonDocument();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      String key = reader.readName();
      if (document.containsKey(key)) {
        throw new VariantCodecException("Cannot encode document: duplicate key '" + key + "'");
      }
      document.append(key, readValue(reader));
    }
    reader.readEndDocument();
    return document;
  }

  private static BsonValue readValue(BsonReader reader) {
    return switch (reader.getCurrentBsonType()) {
      case DOCUMENT -> readDocument(reader);
      case ARRAY -> readArray(reader);
      case JAVASCRIPT_WITH_SCOPE -> {
        String code = reader.readJavaScriptWithScope();
        yield new BsonJavaScriptWithScope(code, readDocument(reader));
      }
      default -> SCALARS.decode(reader, CONTEXT);
    };
  }

  private static BsonArray readArray(BsonReader reader) {
    reader.readStartArray();
    List<BsonValue> values = new ArrayList<>();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      values.add(readValue(reader));
    }
    reader.readEndArray();
    return new BsonArray(values);
  }
}
