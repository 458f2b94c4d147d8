package dev.mongolake.server.authz;

import static org.assertj.core.api.Assertions.assertThat;

import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class CommandTextTest {

  @Test
  void aCommandReadsAsMongoDbPrintsIt() {
    BsonDocument command =
        BsonDocument.parse(
            "{insert: 'items', documents: [{_id: 1, tags: []}], ordered: true, lsid: {}, $db: 'app'}");

    assertThat(CommandText.of(command))
        .isEqualTo(
            "{ insert: \"items\", documents: [ { _id: 1, tags: [] } ], ordered: true, lsid: {},"
                + " $db: \"app\" }");
  }

  @Test
  void passwordsAreNeverEchoed() {
    BsonDocument command =
        BsonDocument.parse("{createUser: 'eve', pwd: 's3cret', roles: ['root'], $db: 'admin'}");

    assertThat(CommandText.of(command))
        .isEqualTo("{ createUser: \"eve\", pwd: \"xxx\", roles: [ \"root\" ], $db: \"admin\" }")
        .doesNotContain("s3cret");
  }

  @Test
  void aShownCommandHasItsPasswordReplaced() {
    BsonDocument command = BsonDocument.parse("{updateUser: 'eve', pwd: 's3cret', $db: 'admin'}");

    assertThat(CommandText.redacted(command))
        .isEqualTo(BsonDocument.parse("{updateUser: 'eve', pwd: 'xxx', $db: 'admin'}"));
  }

  @Test
  void aLargeCommandIsCutOff() {
    BsonDocument command = new BsonDocument("insert", new org.bson.BsonString("x".repeat(2000)));

    assertThat(CommandText.of(command)).hasSize(CommandText.LIMIT + 4).endsWith(" ...");
  }
}
