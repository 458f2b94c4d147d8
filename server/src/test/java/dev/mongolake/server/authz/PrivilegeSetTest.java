package dev.mongolake.server.authz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class PrivilegeSetTest {

  private static final Resource ITEMS = Resource.collection(new Namespace("app", "items"));

  @Test
  void aDatabasePrivilegeCoversItsCollectionsAndItselfButNoOtherDatabase() {
    PrivilegeSet set =
        PrivilegeSet.of(List.of(Privilege.of(Resource.database("app"), ActionType.FIND)));

    assertThat(set.permits(ITEMS, ActionType.FIND)).isTrue();
    assertThat(set.permits(Resource.database("app"), ActionType.FIND)).isTrue();
    assertThat(set.permits(Resource.collection(new Namespace("other", "items")), ActionType.FIND))
        .isFalse();
    assertThat(set.permits(ITEMS, ActionType.INSERT)).isFalse();
    assertThat(set.permits(Resource.cluster(), ActionType.FIND)).isFalse();
  }

  @Test
  void aCollectionPrivilegeDoesNotCoverItsDatabase() {
    PrivilegeSet set = PrivilegeSet.of(List.of(Privilege.of(ITEMS, ActionType.FIND)));

    assertThat(set.permits(ITEMS, ActionType.FIND)).isTrue();
    assertThat(set.permits(Resource.collection(new Namespace("app", "other")), ActionType.FIND))
        .isFalse();
    assertThat(set.permits(Resource.database("app"), ActionType.FIND)).isFalse();
  }

  @Test
  void everyDatabaseCoversDatabasesButNotTheCluster() {
    PrivilegeSet set =
        PrivilegeSet.of(List.of(Privilege.of(Resource.anyDatabase(), ActionType.LIST_DATABASES)));

    assertThat(set.permits(Resource.database("any"), ActionType.LIST_DATABASES)).isTrue();
    assertThat(set.permits(Resource.cluster(), ActionType.LIST_DATABASES)).isFalse();
  }

  @Test
  void anyResourceCoversTheClusterToo() {
    PrivilegeSet set =
        PrivilegeSet.of(List.of(Privilege.of(Resource.anyResource(), ActionType.VALIDATE)));

    assertThat(set.permits(Resource.cluster(), ActionType.VALIDATE)).isTrue();
    assertThat(set.permits(ITEMS, ActionType.VALIDATE)).isTrue();
  }

  @Test
  void privilegesOnOneResourceMergeAndRevokeFromThatResourceOnly() {
    PrivilegeSet set =
        PrivilegeSet.of(
            List.of(
                Privilege.of(ITEMS, ActionType.FIND),
                Privilege.of(ITEMS, ActionType.INSERT),
                Privilege.of(Resource.database("app"), ActionType.INSERT)));

    assertThat(set.privileges()).hasSize(2);
    PrivilegeSet revoked = set.minus(List.of(Privilege.of(ITEMS, ActionType.INSERT)));
    assertThat(revoked.privileges())
        .containsExactly(
            Privilege.of(ITEMS, ActionType.FIND),
            Privilege.of(Resource.database("app"), ActionType.INSERT));
  }

  @Test
  void privilegesParseFromMongoDbsShapeAndWriteBackSorted() {
    BsonArray written =
        BsonDocument.parse(
                "{p: [{resource: {db: 'app', collection: 'items'}, actions: ['insert', 'find']},"
                    + " {resource: {cluster: true}, actions: ['serverStatus']}]}")
            .getArray("p");

    List<Privilege> privileges = Privilege.parseAll(written, "createRole");

    assertThat(Privilege.toArray(privileges).get(0).asDocument().toJson())
        .isEqualTo(
            "{\"resource\": {\"db\": \"app\", \"collection\": \"items\"}, \"actions\":"
                + " [\"find\", \"insert\"]}");
    assertThat(privileges.get(1).resource()).isEqualTo(Resource.cluster());
  }

  @Test
  void unknownActionsAreRefusedByName() {
    BsonArray written =
        BsonDocument.parse(
                "{p: [{resource: {db: 'app', collection: ''}, actions: ['find', 'fly', 'dig']}]}")
            .getArray("p");

    assertThatThrownBy(() -> Privilege.parseAll(written, "createRole"))
        .isInstanceOf(MongoLakeException.class)
        .hasMessage("Unknown action types in privilege set: 'dig', 'fly'");
  }

  @Test
  void aResourceOfAnotherShapeIsRefused() {
    BsonArray written =
        BsonDocument.parse("{p: [{resource: {db: 'app'}, actions: ['find']}]}").getArray("p");

    assertThatThrownBy(() -> Privilege.parseAll(written, "createRole"))
        .isInstanceOf(MongoLakeException.class)
        .hasMessageContaining("Cannot parse the privilege resource {\"db\": \"app\"}");
  }
}
