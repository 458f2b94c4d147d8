package dev.mongolake.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.server.MongoLakeServer;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every REST failure answers an HTTP status and MongoDB's {ok, errmsg, code, codeName} body. */
class RestErrorsTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private RestClient rest;

  @BeforeEach
  void start() {
    server = RestTestServer.start(data, false);
    rest = RestTestServer.client(server);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void unknownRouteIsNotFound() {
    RestClient.Reply reply = rest.get("/api/app");

    assertError(reply, 404, 59, "CommandNotFound");
    assertThat(reply.json().getString("errmsg").getValue()).isEqualTo("No such route: /api/app");
  }

  @Test
  void wrongMethodNamesTheMethodsTheRouteTakes() {
    RestClient.Reply reply = rest.send("PUT", "/api/databases", "{}");

    assertThat(reply.status()).isEqualTo(405);
    assertThat(reply.json().getString("errmsg").getValue()).contains("takes GET");
  }

  @Test
  void missingDocumentIsNotFound() {
    rest.post("/api/app/users", "{\"_id\": 1}");

    RestClient.Reply reply = rest.get("/api/app/users/2");

    assertError(reply, 404, 4, "NoSuchKey");
    assertThat(reply.json().getString("errmsg").getValue())
        .isEqualTo("Cannot find the document with _id 2 in app.users");
  }

  @Test
  void duplicateIdIsAConflict() {
    rest.post("/api/app/users", "{\"_id\": 1}");

    RestClient.Reply reply = rest.post("/api/app/users", "{\"_id\": 1}");

    assertError(reply, 409, 11000, "DuplicateKey");
  }

  @Test
  void malformedJsonFailsToParse() {
    RestClient.Reply body = rest.post("/api/app/users", "{\"name\": ");
    RestClient.Reply query = rest.get("/api/app/users?filter=%7Bnope");

    assertError(body, 400, 9, "FailedToParse");
    assertError(query, 400, 9, "FailedToParse");
    assertThat(query.json().getString("errmsg").getValue())
        .startsWith("Cannot parse query parameter 'filter'");
  }

  @Test
  void hostileNamesAreInvalidNamespaces() {
    assertError(rest.get("/api/app/..%2Fx"), 400, 73, "InvalidNamespace");
    assertError(rest.get("/api/app/a%00b"), 400, 73, "InvalidNamespace");
    assertError(rest.get("/api/..%2F..%2Fetc/x"), 400, 73, "InvalidNamespace");
    assertError(rest.delete("/api/databases/.."), 400, 73, "InvalidNamespace");
    assertError(rest.get("/api/app/..%2Fx/history"), 400, 73, "InvalidNamespace");
    assertThat(data.resolve("x")).doesNotExist();
  }

  @Test
  void oversizedBodyIsRefused() {
    byte[] body = new byte[16 * 1024 * 1024 + 1];
    java.util.Arrays.fill(body, (byte) ' ');

    RestClient.Reply reply =
        rest.sendPublisher("POST", "/api/app/users", HttpRequest.BodyPublishers.ofByteArray(body));

    assertError(reply, 413, 10334, "BSONObjectTooLarge");
  }

  @Test
  void patchWithoutOperatorsIsRefused() {
    rest.post("/api/app/users", "{\"_id\": 1}");

    RestClient.Reply reply = rest.send("PATCH", "/api/app/users/1", "{\"name\": \"x\"}");

    assertError(reply, 400, 9, "FailedToParse");
  }

  @Test
  void queryErrorsCarryTheCommandsCode() {
    rest.post("/api/app/users", "{\"_id\": 1}");

    RestClient.Reply reply =
        rest.get("/api/app/users?filter=%7B%22a%22%3A%7B%22%24bogus%22%3A1%7D%7D");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.json().getNumber("ok").intValue()).isZero();
    assertThat(reply.json().getString("errmsg").getValue()).contains("$bogus");
  }

  private static void assertError(RestClient.Reply reply, int status, int code, String codeName) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(status);
    BsonDocument json = reply.json();
    assertThat(json.getNumber("ok").intValue()).isZero();
    assertThat(json.getNumber("code").intValue()).isEqualTo(code);
    assertThat(json.getString("codeName").getValue()).isEqualTo(codeName);
    assertThat(json.getString("errmsg").getValue()).isNotBlank();
  }
}
