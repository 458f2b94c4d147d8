package dev.mongolake.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import dev.mongolake.server.authz.LakeRoleStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files that hold the SCRAM keys and the roles are readable and writable by the server's user
 * only, on a local disk with POSIX permissions.
 */
class CredentialFilesArePrivateTest {

  private static final String ADMIN = "ada:s3cret-Passw0rd@";

  @TempDir Path data;

  @BeforeEach
  void posixPermissions() {
    assumeTrue(data.getFileSystem().supportedFileAttributeViews().contains("posix"));
  }

  @Test
  void theUsersFileIsCreatedReadableByTheServersUserOnly() throws IOException {
    try (MongoLakeServer server = start();
        MongoClient local = MongoClients.create(server.connectionString())) {
      createUser(local.getDatabase("admin"), "ada", "root");
    }

    assertThat(permissions(LakeUserStore.PATH)).isEqualTo("rw-------");
  }

  @Test
  void aUsersFileOthersCouldReadIsTightenedOnTheNextChange() throws IOException {
    try (MongoLakeServer server = start()) {
      try (MongoClient local = MongoClients.create(server.connectionString())) {
        createUser(local.getDatabase("admin"), "ada", "root");
      }
      Files.setPosixFilePermissions(
          data.resolve(LakeUserStore.PATH), PosixFilePermissions.fromString("rw-r--r--"));

      try (MongoClient ada = MongoClients.create(uri(server))) {
        createUser(ada.getDatabase("admin"), "bob", "readAnyDatabase");
      }
    }

    assertThat(permissions(LakeUserStore.PATH)).isEqualTo("rw-------");
    assertThat(Files.readString(data.resolve(LakeUserStore.PATH)))
        .contains("\"user\": \"ada\"")
        .contains("\"user\": \"bob\"");
  }

  @Test
  void theRolesFileIsCreatedReadableByTheServersUserOnly() throws IOException {
    try (MongoLakeServer server = start()) {
      try (MongoClient local = MongoClients.create(server.connectionString())) {
        createUser(local.getDatabase("admin"), "ada", "root");
      }
      try (MongoClient ada = MongoClients.create(uri(server))) {
        ada.getDatabase("admin")
            .runCommand(
                new Document("createRole", "clerk")
                    .append("privileges", List.of())
                    .append("roles", List.of()));
      }
    }

    assertThat(permissions(LakeRoleStore.PATH)).isEqualTo("rw-------");
  }

  private MongoLakeServer start() {
    return MongoLakeServer.start(
        new ServerConfig(data, "127.0.0.1", 0, true, Durability.BATCH, List.of("test")), "test");
  }

  private static String uri(MongoLakeServer server) {
    return server.connectionString().replace("mongodb://", "mongodb://" + ADMIN)
        + "?serverSelectionTimeoutMS=5000";
  }

  private static void createUser(MongoDatabase admin, String name, String role) {
    admin.runCommand(
        new Document("createUser", name)
            .append("pwd", name.equals("ada") ? "s3cret-Passw0rd" : "an0ther-Passw0rd")
            .append("roles", List.of(new Document("role", role).append("db", "admin"))));
  }

  private String permissions(String path) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve(path)));
  }
}
