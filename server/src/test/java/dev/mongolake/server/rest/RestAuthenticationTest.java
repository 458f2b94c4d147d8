package dev.mongolake.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.server.MongoLakeServer;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With --auth, /api needs HTTP Basic credentials of a user created over the wire protocol. */
class RestAuthenticationTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private RestClient rest;

  @BeforeEach
  void start() {
    server = RestTestServer.start(data, true);
    rest = RestTestServer.client(server);
    // The localhost exception lets this first user be created without credentials.
    try (MongoClient driver =
        MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000")) {
      driver
          .getDatabase("admin")
          .runCommand(
              new Document("createUser", "ops")
                  .append("pwd", "s3cret")
                  .append("roles", List.of("root")));
    }
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void apiWithoutCredentialsIsUnauthorized() {
    RestClient.Reply reply = rest.get("/api/databases");

    assertThat(reply.status()).isEqualTo(401);
    assertThat(reply.json().getString("codeName").getValue()).isEqualTo("Unauthorized");
  }

  @Test
  void wrongPasswordFailsAuthentication() {
    RestClient.Reply reply = rest.withBasicAuth("ops", "wrong").get("/api/databases");

    assertThat(reply.status()).isEqualTo(401);
    assertThat(reply.json().getString("codeName").getValue()).isEqualTo("AuthenticationFailed");
  }

  @Test
  void rightPasswordReachesTheApi() {
    RestClient authed = rest.withBasicAuth("ops", "s3cret");

    assertThat(authed.post("/api/app/users", "{\"_id\": 1}").status()).isEqualTo(201);
    assertThat(authed.get("/api/app/users/1").status()).isEqualTo(200);
  }

  @Test
  void healthNeedsNoCredentials() {
    assertThat(rest.get("/health").status()).isEqualTo(200);
  }
}
