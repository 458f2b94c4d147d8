package dev.mongolake.delta.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StorageCreateTest {

  @TempDir Path temp;

  @Test
  void memoryWithoutANameIsANewEmptyStoreEachTime() {
    Storage first = Storage.create("memory://");
    first.writeIfAbsent("t/a", "x".getBytes(UTF_8));

    assertThat(first).isInstanceOf(MemoryStorage.class);
    assertThat(Storage.create("memory://").stat("t/a")).isEmpty();
  }

  @Test
  void memoryWithANameIsSharedWithinTheProcess() {
    Storage.create("memory://shared-by-name").overwrite("t/a", "x".getBytes(UTF_8));

    assertThat(Storage.create(URI.create("memory://shared-by-name")).read("t/a"))
        .isEqualTo("x".getBytes(UTF_8));
    assertThat(Storage.create("memory://another-name").stat("t/a")).isEmpty();
  }

  @Test
  void fileUrisAndBarePathsOpenTheFilesystem() {
    Path root = temp.resolve("lake");

    Storage fromUri = Storage.create(root.toUri());
    Storage fromText = Storage.create(root.toUri().toString());
    Storage fromPath = Storage.create(root.toString());

    assertThat(fromUri).isInstanceOf(FileSystemStorage.class);
    assertThat(((FileSystemStorage) fromUri).root()).isEqualTo(root);
    assertThat(((FileSystemStorage) fromText).root()).isEqualTo(root);
    assertThat(((FileSystemStorage) fromPath).root()).isEqualTo(root);
  }

  @Test
  void memoryAndTheFilesystemServeReadsLocally() {
    assertThat(Storage.create("memory://").isLocal()).isTrue();
    assertThat(Storage.create(temp.resolve("local").toString()).isLocal()).isTrue();
  }

  @Test
  void aRelativePathResolvesAgainstTheWorkingDirectory() {
    Storage storage = Storage.create("data/lake");

    assertThat(((FileSystemStorage) storage).root())
        .isEqualTo(Path.of("").toAbsolutePath().resolve("data/lake"));
  }

  @Test
  void aFileUriWithAHostIsRefused() {
    assertThatThrownBy(() -> Storage.create("file://server/share/lake"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot open storage 'file://server/share/lake'")
        .hasMessageContaining("absolute local path");
  }

  @Test
  void anUnknownSchemeIsRefusedNamingIt() {
    assertThatThrownBy(() -> Storage.create("gopher://host/lake"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "Cannot open storage 'gopher://host/lake': no storage provider for scheme 'gopher'");
  }

  @Test
  void s3WithoutTheS3ModuleNamesTheModuleToAddAndHidesCredentials() {
    assertThatThrownBy(() -> Storage.create("s3://bucket/lake?accessKey=AK&secretKey=SECRET"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot open storage 's3://bucket/lake?...': no storage provider for scheme 's3'; "
                + "add the dev.mongolake:deltalake-s3 module to the classpath")
        .hasMessageNotContaining("SECRET");
  }

  @Test
  void anEmptyLocationIsRefused() {
    assertThatThrownBy(() -> Storage.create(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot open storage ' ': the location is empty");
  }
}
