package dev.mongolake.server.net;

import static dev.mongolake.server.net.AwaitableHelloTest.command;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.DeepBson;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inserts that drivers will not send, written byte by byte: a document with a field name twice and
 * a string that is not UTF-8. MongoDB stores such bytes as they are (its full validation calls them
 * NonConformantBSON); a document here cannot hold them, so they are refused with that code instead
 * of being stored with a field or bytes silently lost, and the connection goes on.
 */
class NonConformantBsonTest {

  @TempDir Path data;
  private MongoLakeServer server;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** An insert of one document whose fields are {@code _id: 1, <first>: "xx", <second>: 2}. */
  private static byte[] insert(String first, String second) {
    BsonDocument document =
        new BsonDocument("_id", new BsonInt32(1))
            .append(first, new BsonString("xx"))
            .append(second, new BsonInt32(2));
    BsonDocument body =
        new BsonDocument("insert", new BsonString("c"))
            .append("documents", new BsonArray(List.of(document)))
            .append("$db", new BsonString("app"));
    BasicOutputBuffer out = new BasicOutputBuffer();
    new BsonDocumentCodec()
        .encode(new BsonBinaryWriter(out), body, EncoderContext.builder().build());
    return out.toByteArray();
  }

  private static int indexOf(byte[] bytes, String text) {
    byte[] needle = text.getBytes(StandardCharsets.UTF_8);
    outer:
    for (int i = 0; i <= bytes.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (bytes[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError(text + " is not in the bytes");
  }

  private BsonDocument send(byte[] body) throws Exception {
    try (WireTestClient client = WireTestClient.connect(server.port(), Duration.ofSeconds(20))) {
      client.sendRaw(DeepBson.opMsg(1, body));
      BsonDocument reply = client.read().body();
      client.send(command("ping"), 0);
      assertThat(client.read().ok()).isTrue();
      return reply;
    }
  }

  private long count() throws Exception {
    try (WireTestClient client = WireTestClient.connect(server.port(), Duration.ofSeconds(20))) {
      client.send(
          new BsonDocument("count", new BsonString("c")).append("$db", new BsonString("app")), 0);
      return client.read().body().get("n").asNumber().longValue();
    }
  }

  @Test
  void aDocumentWithAFieldNameTwiceIsRefusedAsNonConformant() throws Exception {
    byte[] body = insert("a", "b");
    // {_id: 1, a: "xx", b: 2} becomes {_id: 1, a: "xx", a: 2}.
    body[indexOf(body, "b\0")] = 'a';

    BsonDocument reply = send(body);

    assertThat(reply.getInt32("code").getValue()).isEqualTo(378);
    assertThat(reply.getString("codeName").getValue()).isEqualTo("NonConformantBSON");
    assertThat(reply.getString("errmsg").getValue())
        .isEqualTo("Cannot read OP_MSG body: A BSON document contains a duplicate field name : a");
    assertThat(count()).isZero();
  }

  @Test
  void aStringThatIsNotUtf8IsRefusedAsNonConformantInsteadOfReplaced() throws Exception {
    byte[] body = insert("a", "b");
    // "xx" becomes C3 28: a two-byte lead followed by a byte that cannot continue it.
    int string = indexOf(body, "xx\0");
    body[string] = (byte) 0xC3;
    body[string + 1] = '(';

    BsonDocument reply = send(body);

    assertThat(reply.getInt32("code").getValue()).isEqualTo(378);
    assertThat(reply.getString("codeName").getValue()).isEqualTo("NonConformantBSON");
    assertThat(reply.getString("errmsg").getValue())
        .startsWith(
            "Cannot read OP_MSG body: Found string that doesn't follow UTF-8 encoding in element"
                + " with field name 'a'");
    assertThat(count()).isZero();
  }
}
