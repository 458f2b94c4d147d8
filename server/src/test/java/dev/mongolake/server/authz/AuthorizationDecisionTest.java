package dev.mongolake.server.authz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.server.auth.ConnectionAuth;
import dev.mongolake.server.auth.InMemoryUserStore;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

class AuthorizationDecisionTest {

  private final Authorization authorization =
      new Authorization(new InMemoryUserStore(), new InMemoryRoleStore());

  @Test
  void anUnauthenticatedConnectionMeetsOnlyOpenAccess() {
    ConnectionAuth nobody = new ConnectionAuth();

    assertThat(authorization.permits(nobody, Access.open())).isTrue();
    assertThat(authorization.permits(nobody, Access.authenticated())).isFalse();
    assertThat(authorization.permits(nobody, Access.allOf())).isFalse();
    assertThat(authorization.permits(nobody, Access.anyOf(Access.authenticated()))).isFalse();
  }

  @Test
  void anotherCommandsAccessIsExpandedWhereverItStands() {
    Access find = Access.to(Resource.database("app"), ActionType.FIND);
    BsonDocument inner = new BsonDocument("find", new BsonString("items"));

    Access expanded =
        Access.anyOf(Access.denied(), Access.allOf(Access.asCommand("app", inner)))
            .expand(command -> command.body().equals(inner) ? find : Access.denied());

    assertThat(expanded).isEqualTo(Access.anyOf(Access.denied(), Access.allOf(find)));
  }
}
