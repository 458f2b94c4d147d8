package dev.mongolake.server.net;

import static dev.mongolake.server.net.AwaitableHelloTest.command;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The {@code lsid} a request carries names the session its cursors belong to; one that is not
 * {@code {id: <UUID>}} is refused as MongoDB refuses it, before the command runs.
 */
class SessionIdOfRequestsTest {

  private static RunningServer server;

  @BeforeAll
  static void start() {
    server = RunningServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aRequestInASessionRunsAsWithout() throws Exception {
    BsonDocument reply = send(new BsonDocument("id", new BsonBinary(UUID.randomUUID())));

    assertThat(reply.getDouble("ok").getValue()).isEqualTo(1.0);
  }

  @Test
  void anLsidThatIsNotADocumentIsATypeMismatch() throws Exception {
    BsonDocument reply = send(new BsonInt32(5));

    assertThat(reply.getInt32("code").getValue()).isEqualTo(14);
    assertThat(reply.getString("errmsg").getValue())
        .isEqualTo(
            "BSON field 'OperationSessionInfo.lsid' is the wrong type 'int', expected type"
                + " 'object'");
  }

  @Test
  void anLsidWithoutAnIdNamesTheMissingField() throws Exception {
    BsonDocument reply = send(new BsonDocument());

    assertThat(reply.getInt32("code").getValue()).isEqualTo(40414);
    assertThat(reply.getString("errmsg").getValue())
        .isEqualTo("BSON field 'OperationSessionInfo.lsid.id' is missing but a required field");
  }

  @Test
  void anLsidWhoseIdIsNotAUuidIsATypeMismatch() throws Exception {
    BsonDocument reply = send(new BsonDocument("id", new BsonString("session-1")));

    assertThat(reply.getInt32("code").getValue()).isEqualTo(14);
    assertThat(reply.getString("errmsg").getValue())
        .isEqualTo(
            "BSON field 'OperationSessionInfo.lsid.id' is the wrong type 'string', expected type"
                + " 'uuid'");
  }

  private static BsonDocument ping() {
    return command("ping");
  }

  private static BsonDocument send(BsonValue lsid) throws Exception {
    try (WireTestClient client =
        WireTestClient.connect(server.server.port(), Duration.ofSeconds(10))) {
      client.send(ping().append("lsid", lsid), 0);
      return client.read().body();
    }
  }
}
