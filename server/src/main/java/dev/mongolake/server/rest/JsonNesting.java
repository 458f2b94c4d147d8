package dev.mongolake.server.rest;

import dev.mongolake.delta.bson.BsonDepthException;
import dev.mongolake.delta.bson.BsonNesting;
import org.bson.BsonArray;
import org.bson.BsonDocument;
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
import org.bson.json.JsonReader;

/**
 * Extended JSON decoded with its nesting counted. org.bson's {@link JsonReader} keeps its own state
 * on the heap, but the codecs that build documents and arrays from it call each other once per
 * level: a request body nested 100,000 deep would run them out of stack. Here every document and
 * array decoding goes through a counter (the codecs find each other through the registry), which
 * refuses nesting past {@link BsonNesting#MAX_DEPTH} below the top-level value with a {@link
 * BsonDepthException}, exactly as the wire protocol's decoder does.
 */
final class JsonNesting {

  private JsonNesting() {}

  /** The document {@code json} holds, nested at most {@link BsonNesting#MAX_DEPTH} below itself. */
  static BsonDocument parseDocument(String json) {
    return decode(json, BsonDocument.class, BsonNesting.MAX_DEPTH);
  }

  /** The array {@code json} holds, nested at most {@link BsonNesting#MAX_DEPTH} below itself. */
  static BsonArray parseArray(String json) {
    return decode(json, BsonArray.class, BsonNesting.MAX_DEPTH);
  }

  /**
   * The document {@code json} holds, which wraps one value: the value, not the wrapper, may nest
   * {@link BsonNesting#MAX_DEPTH} levels below itself.
   */
  static BsonDocument parseWrapper(String json) {
    return decode(json, BsonDocument.class, BsonNesting.MAX_DEPTH + 1);
  }

  private static <T> T decode(String json, Class<T> type, int maxNested) {
    Counter counter = new Counter(maxNested);
    CodecRegistry registry =
        CodecRegistries.fromProviders(new CountingProvider(counter), new BsonValueCodecProvider());
    try (JsonReader reader = new JsonReader(json)) {
      return registry.get(type).decode(reader, DecoderContext.builder().build());
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
