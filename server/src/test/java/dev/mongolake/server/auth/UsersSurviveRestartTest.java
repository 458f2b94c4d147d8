package dev.mongolake.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoSecurityException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Users are stored in the lake: they survive a restart, and no password is written down. */
class UsersSurviveRestartTest {

  @TempDir Path data;

  private MongoLakeServer start() {
    return MongoLakeServer.start(
        new ServerConfig(data, "127.0.0.1", 0, true, Durability.BATCH, List.of("test")), "test");
  }

  private static String uri(MongoLakeServer server, String credentials) {
    return server.connectionString().replace("mongodb://", "mongodb://" + credentials)
        + "?serverSelectionTimeoutMS=5000";
  }

  @Test
  void aUserCreatedBeforeARestartAuthenticatesAfterIt() throws Exception {
    try (MongoLakeServer server = start();
        MongoClient local = MongoClients.create(server.connectionString())) {
      local
          .getDatabase("admin")
          .runCommand(
              new Document("createUser", "ada")
                  .append("pwd", "s3cret-Passw0rd")
                  .append("roles", List.of(new Document("role", "root").append("db", "admin"))));
    }

    String stored = Files.readString(data.resolve(LakeUserStore.PATH), StandardCharsets.UTF_8);
    assertThat(stored).contains("\"user\": \"ada\"").doesNotContain("s3cret-Passw0rd");

    try (MongoLakeServer server = start()) {
      try (MongoClient ada = MongoClients.create(uri(server, "ada:s3cret-Passw0rd@"))) {
        ada.getDatabase("app").getCollection("notes").insertOne(new Document("_id", 1));
        assertThat(ada.getDatabase("app").getCollection("notes").countDocuments()).isEqualTo(1);
      }
      try (MongoClient wrong = MongoClients.create(uri(server, "ada:wrong@"))) {
        assertThatThrownBy(() -> wrong.getDatabase("app").runCommand(new Document("ping", 1)))
            .isInstanceOf(MongoSecurityException.class);
      }
      try (MongoClient anonymous = MongoClients.create(server.connectionString())) {
        // With a user stored, the localhost exception no longer applies.
        assertThatThrownBy(
                () -> anonymous.getDatabase("app").runCommand(new Document("find", "notes")))
            .isInstanceOfSatisfying(
                MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(13));
      }
    }
  }

  @Test
  void droppedAndUpdatedUsersStayThatWay() {
    try (FileSystemStorage storage = new FileSystemStorage(data)) {
      LakeUserStore store = LakeUserStore.open(storage);
      store.create(user("ada", "one"));
      store.create(user("bob", "two"));
      store.update(user("ada", "three"));
      assertThat(store.drop("admin", "bob")).isTrue();

      LakeUserStore reopened = LakeUserStore.open(storage);

      assertThat(reopened.list(null)).extracting(User::name).containsExactly("ada");
      ScramCredential credential =
          reopened
              .find("admin", "ada")
              .orElseThrow()
              .credentials()
              .get(ScramMechanism.SCRAM_SHA_256);
      ScramCredential expected =
          user("ada", "three").credentials().get(ScramMechanism.SCRAM_SHA_256);
      assertThat(credential.storedKey()).isEqualTo(expected.storedKey());
      assertThat(credential.serverKey()).isEqualTo(expected.serverKey());
      assertThat(reopened.find("admin", "bob")).isEmpty();
    }
  }

  @Test
  void aDamagedUsersFileIsRefusedWithItsName() throws Exception {
    Files.createDirectories(data.resolve(LakeUserStore.PATH).getParent());
    Files.writeString(data.resolve(LakeUserStore.PATH), "{users: [{user: 1}]}");

    try (FileSystemStorage storage = new FileSystemStorage(data)) {
      assertThatThrownBy(() -> LakeUserStore.open(storage))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(LakeUserStore.PATH);
    }
  }

  private static User user(String name, String password) {
    return new User(
        name,
        "admin",
        List.of(new RoleName("root", "admin")),
        java.util.Map.of(
            ScramMechanism.SCRAM_SHA_256,
            ScramMechanism.SCRAM_SHA_256.credential(
                name, password, (name + "-salt").getBytes(StandardCharsets.UTF_8), 4096)));
  }
}
