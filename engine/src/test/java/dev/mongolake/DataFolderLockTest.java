package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One instance per data folder: a second open is refused as MongoDB refuses a second mongod. */
class DataFolderLockTest {

  @TempDir Path root;

  @Test
  void aSecondOpenOfAHeldDataFolderIsRefusedAsDbPathInUse() {
    try (MongoLake first = MongoLake.open(root)) {
      assertThatThrownBy(() -> MongoLake.open(root))
          .isInstanceOfSatisfying(
              MongoLakeException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DB_PATH_IN_USE))
          .hasMessage(
              "Cannot start: the data folder "
                  + root.toAbsolutePath().normalize()
                  + " is in use by another MongoLake process (lock file "
                  + root.toAbsolutePath().normalize().resolve("_wal").resolve("daktilo.lock")
                  + ")");
    }
    MongoLake.open(root).close();
  }
}
