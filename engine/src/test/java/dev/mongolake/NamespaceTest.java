package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NamespaceTest {

  @Test
  void storagePathIsDatabaseThenCollection() {
    Namespace ns = Namespace.parse("app.events.2026");

    assertThat(ns.database()).isEqualTo("app");
    assertThat(ns.collection()).isEqualTo("events.2026");
    assertThat(ns.storagePath()).isEqualTo("app/events.2026");
  }

  @ParameterizedTest
  @ValueSource(strings = {"../x", "a/b", "a\\b", "a.b", "a b", "a$", "_wal", "", "a\0b"})
  void hostileDatabaseNamesAreRefused(String name) {
    assertThatThrownBy(() -> Namespace.validateDatabaseName(name))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_NAMESPACE));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"..", "../etc", "a/../../b", "a\\b", ".hidden", "x$y", "system.users", "a\0b", ""})
  void hostileCollectionNamesAreRefused(String name) {
    assertThatThrownBy(() -> new Namespace("app", name))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_NAMESPACE));
  }

  @Test
  void overLongNamespaceIsRefusedWithMongoDbsMessage() {
    assertThatThrownBy(() -> new Namespace("app", "c".repeat(260)))
        .hasMessageStartingWith("Fully qualified namespace is too long.");
  }

  @Test
  void databaseNameMessageNamesTheCharacter() {
    assertThatThrownBy(() -> Namespace.validateDatabaseName("my/db"))
        .hasMessage("Invalid database name: 'my/db' contains '/'");
  }
}
