package dev.mongolake.server.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoSecurityException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.server.auth.InMemoryUserStore;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** SCRAM authentication with the official Java driver against a server started with --auth. */
class AuthenticationTest {

  private RunningServer server;

  @BeforeEach
  void start() {
    server = RunningServer.start(true, new InMemoryUserStore());
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private void createAdmin() {
    try (MongoClient local = MongoClients.create(server.uri(""))) {
      local
          .getDatabase("admin")
          .runCommand(
              new Document("createUser", "alice")
                  .append("pwd", "s3cret pässword")
                  .append("roles", List.of("root")));
    }
  }

  @Test
  void unauthenticatedCommandsAreRefusedWithUnauthorized() {
    createAdmin();
    try (MongoClient client = MongoClients.create(server.uri(""))) {
      assertThat(client.getDatabase("admin").runCommand(new Document("ping", 1)).get("ok"))
          .isEqualTo(1.0);
      assertThatThrownBy(() -> client.getDatabase("admin").runCommand(new Document("usersInfo", 1)))
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(13);
                assertThat(e.getErrorMessage())
                    .isEqualTo("Command usersInfo requires authentication");
              });
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"SCRAM-SHA-256", "SCRAM-SHA-1"})
  void driverAuthenticatesWithEachMechanism(String mechanism) {
    createAdmin();
    String uri =
        "mongodb://alice:s3cret%20p%C3%A4ssword@127.0.0.1:"
            + server.server.port()
            + "/?authSource=admin&authMechanism="
            + mechanism
            + "&serverSelectionTimeoutMS=5000";
    try (MongoClient client = MongoClients.create(uri)) {
      Document users = client.getDatabase("admin").runCommand(new Document("usersInfo", 1));

      assertThat(users.getList("users", Document.class))
          .singleElement()
          .satisfies(u -> assertThat(u.getString("_id")).isEqualTo("admin.alice"));
    }
  }

  @Test
  void mechanismIsNegotiatedWhenTheClientNamesNone() {
    createAdmin();
    String uri =
        "mongodb://alice:s3cret%20p%C3%A4ssword@127.0.0.1:"
            + server.server.port()
            + "/?authSource=admin&serverSelectionTimeoutMS=5000";
    try (MongoClient client = MongoClients.create(uri)) {
      Document status = client.getDatabase("admin").runCommand(new Document("connectionStatus", 1));

      assertThat(status.get("ok")).isEqualTo(1.0);
    }
  }

  @Test
  void wrongPasswordFailsWithAuthenticationFailed() {
    createAdmin();
    String uri =
        "mongodb://alice:wrong@127.0.0.1:"
            + server.server.port()
            + "/?authSource=admin&serverSelectionTimeoutMS=3000";
    try (MongoClient client = MongoClients.create(uri)) {
      assertThatThrownBy(() -> client.getDatabase("admin").runCommand(new Document("ping", 1)))
          .isInstanceOf(MongoSecurityException.class)
          .rootCause()
          .hasMessageContaining("Authentication failed.");
    }
  }

  @Test
  void unknownUserFailsLikeAWrongPassword() {
    createAdmin();
    String uri =
        "mongodb://mallory:x@127.0.0.1:"
            + server.server.port()
            + "/?authSource=admin&authMechanism=SCRAM-SHA-256&serverSelectionTimeoutMS=3000";
    try (MongoClient client = MongoClients.create(uri)) {
      assertThatThrownBy(() -> client.getDatabase("admin").runCommand(new Document("ping", 1)))
          .isInstanceOf(MongoSecurityException.class)
          .rootCause()
          .hasMessageContaining("Authentication failed.");
    }
  }

  @Test
  void localhostExceptionAllowsOnlyTheFirstUser() {
    createAdmin();
    try (MongoClient local = MongoClients.create(server.uri(""))) {
      assertThatThrownBy(
              () ->
                  local
                      .getDatabase("admin")
                      .runCommand(
                          new Document("createUser", "bob")
                              .append("pwd", "x")
                              .append("roles", List.of())))
          .isInstanceOfSatisfying(
              MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(13));
    }
  }

  @Test
  void userManagementCommandsWorkOnceAuthenticated() {
    createAdmin();
    String uri =
        "mongodb://alice:s3cret%20p%C3%A4ssword@127.0.0.1:"
            + server.server.port()
            + "/?authSource=admin&serverSelectionTimeoutMS=5000";
    try (MongoClient client = MongoClients.create(uri)) {
      var app = client.getDatabase("app");
      app.runCommand(
          new Document("createUser", "reader")
              .append("pwd", "p1")
              .append("roles", List.of("read")));
      assertThatThrownBy(
              () ->
                  app.runCommand(
                      new Document("createUser", "reader")
                          .append("pwd", "p1")
                          .append("roles", List.of())))
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> assertThat(e.getErrorMessage()).isEqualTo("User \"reader@app\" already exists"));
      app.runCommand(new Document("updateUser", "reader").append("pwd", "p2"));
      app.runCommand(new Document("dropUser", "reader"));
      assertThat(app.runCommand(new Document("usersInfo", 1)).getList("users", Document.class))
          .isEmpty();
    }
  }
}
