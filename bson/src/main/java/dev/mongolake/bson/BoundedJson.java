package dev.mongolake.bson;

import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInvalidOperationException;
import org.bson.BsonReader;
import org.bson.BsonWriter;
import org.bson.codecs.BsonArrayCodec;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.BsonValueCodecProvider;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecProvider;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.json.JsonParseException;
import org.bson.json.JsonReader;

/**
 * (Extended) JSON decoded as {@link BsonDocument#parse} and {@link BsonArray#parse} decode it, with
 * its nesting counted. org.bson's {@link JsonReader} keeps its own state on the heap, but the
 * codecs that build documents and arrays from it call each other once per level: text nested
 * 100,000 deep would run them out of stack. Here every document and array decoding goes through a
 * counter (the codecs find each other through the registry), which refuses nesting past {@link
 * BsonNesting#MAX_DEPTH} below the top-level value with a {@link BsonDepthException}, as {@link
 * BsonBytesDecoder} does for bytes. Stateless and thread-safe.
 */
public final class BoundedJson {

  private BoundedJson() {}

  /**
   * The document {@code json} holds.
   *
   * @throws BsonDepthException if it nests deeper than {@link BsonNesting#MAX_DEPTH} below itself
   * @throws org.bson.json.JsonParseException if it is not JSON
   */
  public static BsonDocument parseDocument(String json) {
    try (JsonReader reader = new JsonReader(json)) {
      return readDocument(reader, BsonNesting.MAX_DEPTH);
    }
  }

  /**
   * The array {@code json} holds.
   *
   * @throws BsonDepthException if it nests deeper than {@link BsonNesting#MAX_DEPTH} below itself
   * @throws org.bson.json.JsonParseException if it is not JSON
   */
  public static BsonArray parseArray(String json) {
    try (JsonReader reader = new JsonReader(json)) {
      return decode(reader, BsonArray.class, BsonNesting.MAX_DEPTH);
    }
  }

  /**
   * The document {@code reader} is at (its type read), nested at most {@code maxNested} levels
   * below itself: a wrapper around one value allows one more than the value.
   *
   * @throws BsonDepthException if it nests deeper
   */
  public static BsonDocument readDocument(BsonReader reader, int maxNested) {
    return decode(reader, BsonDocument.class, maxNested);
  }

  private static <T> T decode(BsonReader reader, Class<T> type, int maxNested) {
    Counter counter = new Counter(maxNested);
    CodecRegistry registry =
        CodecRegistries.fromProviders(new CountingProvider(counter), new BsonValueCodecProvider());
    try {
      return registry.get(type).decode(reader, DecoderContext.builder().build());
    } catch (IllegalArgumentException | BsonInvalidOperationException e) {
      // org.bson's reader lets a malformed Extended JSON value through as the value class's own
      // complaint ({"$oid": "12"}, a short $binary, a $numberLong that is not a number) or as a
      // reader state error (an array where a document must be): it is the text that is wrong,
      // and callers answer that as a parse error.
      throw new JsonParseException("Cannot parse Extended JSON: " + e.getMessage(), e);
    }
  }

  /** Containers open in one decoding; the top-level value is the first. */
  private static final class Counter {
    private final int maxOpen;
    private int open;

    Counter(int maxNested) {
      this.maxOpen = maxNested + 1;
    }

    void enter() {
      if (++open > maxOpen) {
        throw new BsonDepthException("Cannot decode JSON: " + BsonNesting.TOO_DEEP);
      }
    }

    void leave() {
      open--;
    }
  }

  /** Document and array codecs that count; every other type as org.bson decodes it. */
  private record CountingProvider(Counter counter) implements CodecProvider {
    @Override
    @SuppressWarnings("unchecked")
    public <T> Codec<T> get(Class<T> type, CodecRegistry registry) {
      if (type == BsonDocument.class) {
        return (Codec<T>) new Counting<>(new BsonDocumentCodec(registry), counter);
      }
      if (type == BsonArray.class) {
        return (Codec<T>) new Counting<>(new BsonArrayCodec(registry), counter);
      }
      return null;
    }
  }

  private record Counting<T>(Codec<T> codec, Counter counter) implements Codec<T> {
    @Override
    public T decode(BsonReader reader, DecoderContext context) {
      counter.enter();
      try {
        return codec.decode(reader, context);
      } finally {
        counter.leave();
      }
    }

    @Override
    public void encode(BsonWriter writer, T value, EncoderContext context) {
      codec.encode(writer, value, context);
    }

    @Override
    public Class<T> getEncoderClass() {
      return codec.getEncoderClass();
    }
  }
}
