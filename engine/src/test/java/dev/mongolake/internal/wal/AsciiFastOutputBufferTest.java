package dev.mongolake.internal.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonJavaScript;
import org.bson.BsonRegularExpression;
import org.bson.BsonSerializationException;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.api.Test;

class AsciiFastOutputBufferTest {

  private static byte[] encode(BsonDocument document, BasicOutputBuffer buffer) {
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      new BsonDocumentCodec().encode(writer, document, EncoderContext.builder().build());
    }
    return buffer.toByteArray();
  }

  @Test
  void writesTheSameBytesAsOrgBsonForEveryKindOfText() {
    List<String> texts =
        List.of(
            "",
            "plain ascii text with spaces and digits 0123",
            "x".repeat(5_000),
            "caf\u00e9",
            "\u4e2d\u6587",
            "emoji \ud83d\ude00 pair",
            "lone \ud83d surrogate",
            "trailing \ude00",
            "nul\u0000inside",
            "\u007f delete is ascii");
    for (String text : texts) {
      BsonDocument document =
          new BsonDocument("s", new BsonString(text))
              .append("sym", new BsonSymbol(text))
              .append("code", new BsonJavaScript(text))
              .append("nested", new BsonDocument("a", new BsonArray(List.of(new BsonString(text)))))
              .append(text.contains("\u0000") ? "n" : text, new BsonInt32(1));
      if (!text.contains("\u0000")) {
        document.append("re", new BsonRegularExpression(text, "i"));
      }

      assertThat(encode(document, new AsciiFastOutputBuffer()))
          .as(text)
          .isEqualTo(encode(document, new BasicOutputBuffer()));
    }
  }

  @Test
  void aNameWithNulIsRefusedAsOrgBsonRefusesIt() {
    BsonDocument document = new BsonDocument("bad\u0000name", new BsonInt32(1));

    assertThatThrownBy(() -> encode(document, new AsciiFastOutputBuffer()))
        .isInstanceOf(BsonSerializationException.class);
    assertThatThrownBy(() -> encode(document, new BasicOutputBuffer()))
        .isInstanceOf(BsonSerializationException.class);
  }
}
