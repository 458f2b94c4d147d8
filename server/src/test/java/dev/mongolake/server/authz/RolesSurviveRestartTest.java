package dev.mongolake.server.authz;

import static dev.mongolake.server.authz.SecuredServer.role;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.server.auth.RoleName;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** User-defined roles are stored in the lake beside the users and survive a restart. */
class RolesSurviveRestartTest {

  @TempDir Path data;

  @Test
  void aRoleAndItsHoldersWorkAfterARestart() throws Exception {
    try (SecuredServer server = SecuredServer.start(data)) {
      server
          .root()
          .getDatabase("app")
          .runCommand(
              new Document("createRole", "clerk")
                  .append(
                      "privileges",
                      List.of(
                          new Document(
                                  "resource",
                                  new Document("db", "app").append("collection", "items"))
                              .append("actions", List.of("insert"))))
                  .append("roles", List.of("read")));
      server.createUser("carl", List.of(role("clerk", "app")));
    }
    assertThat(Files.readString(data.resolve(LakeRoleStore.PATH), StandardCharsets.UTF_8))
        .contains("\"_id\": \"app.clerk\"");

    try (SecuredServer server = SecuredServer.start(data)) {
      var app = server.as("carl").getDatabase("app");
      app.runCommand(
          new Document("insert", "items").append("documents", List.of(new Document("_id", 1))));
      app.runCommand(new Document("find", "items"));
      assertThatThrownBy(
              () ->
                  app.runCommand(
                      new Document("insert", "orders")
                          .append("documents", List.of(new Document()))))
          .isInstanceOfSatisfying(
              MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(13));
    }
  }

  @Test
  void updatedAndDroppedRolesStayThatWay() {
    RoleName clerk = new RoleName("clerk", "app");
    RoleName lead = new RoleName("lead", "app");
    try (FileSystemStorage storage = new FileSystemStorage(data)) {
      LakeRoleStore store = LakeRoleStore.open(storage);
      store.create(Role.defined(clerk, PrivilegeSet.empty(), List.of()));
      store.create(Role.defined(lead, PrivilegeSet.empty(), List.of(clerk)));
      store.update(
          Role.defined(
              clerk,
              PrivilegeSet.of(List.of(Privilege.of(Resource.database("app"), ActionType.FIND))),
              List.of()));
      assertThat(store.drop(lead)).isTrue();

      LakeRoleStore reopened = LakeRoleStore.open(storage);

      assertThat(reopened.list(null)).extracting(Role::name).containsExactly(clerk);
      assertThat(
              reopened
                  .find(clerk)
                  .orElseThrow()
                  .privileges()
                  .permits(Resource.database("app"), ActionType.FIND))
          .isTrue();
    }
  }

  @Test
  void aDamagedRolesFileIsRefusedWithItsName() throws Exception {
    Files.createDirectories(data.resolve(LakeRoleStore.PATH).getParent());
    Files.writeString(data.resolve(LakeRoleStore.PATH), "{roles: [{role: 1}]}");

    try (FileSystemStorage storage = new FileSystemStorage(data)) {
      assertThatThrownBy(() -> LakeRoleStore.open(storage))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(LakeRoleStore.PATH);
    }
  }
}
