package dev.mongolake.delta.s3;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageException;
import dev.mongolake.delta.storage.StorageOutcomeUnknownException;
import dev.mongolake.delta.storage.WriteIfAbsentProcessRace;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;

/** What the S3 backend adds to the storage contract: key layout, credentials, resolved retries. */
class S3StorageTest {

  @RegisterExtension static final S3ProxyExtension S3 = new S3ProxyExtension();

  private final String prefix = "t-" + UUID.randomUUID();

  private static byte[] bytes(String text) {
    return text.getBytes(UTF_8);
  }

  private void putRaw(String key, String content) {
    S3.client()
        .putObject(
            b -> b.bucket(S3ProxyExtension.BUCKET).key(key), RequestBody.fromString(content));
  }

  @Test
  void s3LocationsOpenThroughTheRegisteredProvider() {
    try (Storage storage = Storage.create(S3.location(prefix))) {
      assertThat(storage).isInstanceOf(S3Storage.class);
      assertThat(storage.isLocal()).as("reads cross the network").isFalse();
      assertThat(((S3Storage) storage).options().prefix()).isEqualTo(prefix + "/");
    }
  }

  @Test
  void storagePathsAreKeysBelowThePrefix() {
    try (Storage storage = Storage.create(S3.location(prefix))) {
      storage.writeIfAbsent("users/_delta_log/00000000000000000000.json", bytes("{}"));
    }

    assertThat(
            S3.client()
                .getObjectAsBytes(
                    b ->
                        b.bucket(S3ProxyExtension.BUCKET)
                            .key(prefix + "/users/_delta_log/00000000000000000000.json"))
                .asUtf8String())
        .isEqualTo("{}");
  }

  @Test
  void listingIgnoresObjectsBesideThePrefixAndFolderMarkers() {
    putRaw(prefix + "/t/a", "mine");
    putRaw(prefix + "-other/t/a", "a neighbour");
    putRaw(prefix + "x", "a neighbour");
    putRaw(prefix + "/t/folder/", "");

    try (Storage storage = Storage.create(S3.location(prefix))) {
      assertThat(storage.list("", "")).extracting(FileEntry::path).containsExactly("t/a");
    }
  }

  @Test
  void aLostAnswerToAConditionalPutThatCreatedTheObjectIsResolvedAsWon() throws Exception {
    try (FaultInjectingProxy proxy = new FaultInjectingProxy(S3.endpoint());
        Storage storage = Storage.create(S3ProxyExtension.location(proxy.endpoint(), prefix))) {
      storage.stat("warm-up"); // opens a pooled connection so the PUT is the next request
      proxy.loseResponses(1);

      boolean won = storage.writeIfAbsent("t/_delta_log/00000000000000000001.json", bytes("ours"));

      assertThat(proxy.responsesLost()).isEqualTo(1);
      assertThat(won)
          .as("the first attempt created the object; the retry's 412 is our own")
          .isTrue();
      assertThat(storage.read("t/_delta_log/00000000000000000001.json")).isEqualTo(bytes("ours"));
    }
  }

  @Test
  void aLostAnswerWhenAnotherWriterHoldsTheKeyIsResolvedAsLost() throws Exception {
    putRaw(prefix + "/t/_delta_log/00000000000000000001.json", "theirs");
    try (FaultInjectingProxy proxy = new FaultInjectingProxy(S3.endpoint());
        Storage storage = Storage.create(S3ProxyExtension.location(proxy.endpoint(), prefix))) {
      storage.stat("warm-up");
      proxy.loseResponses(1);

      boolean won = storage.writeIfAbsent("t/_delta_log/00000000000000000001.json", bytes("ours"));

      assertThat(proxy.responsesLost()).isEqualTo(1);
      assertThat(won).isFalse();
      assertThat(storage.read("t/_delta_log/00000000000000000001.json")).isEqualTo(bytes("theirs"));
    }
  }

  @Test
  void aConditionalPutThatNeverGetsAnAnswerReportsAnUnknownOutcome() throws Exception {
    try (FaultInjectingProxy proxy = new FaultInjectingProxy(S3.endpoint());
        Storage storage = Storage.create(S3ProxyExtension.location(proxy.endpoint(), prefix))) {
      storage.stat("warm-up");
      proxy.loseResponses(Integer.MAX_VALUE);

      assertThatThrownBy(() -> storage.writeIfAbsent("t/x", bytes("ours")))
          .isInstanceOf(StorageOutcomeUnknownException.class)
          .hasMessageStartingWith("Cannot establish whether t/x was written: ");
    }
  }

  @Test
  void aMultipartOutputThatFailsOnCloseLeavesTheObjectAsItWas() throws Exception {
    try (FaultInjectingProxy proxy = new FaultInjectingProxy(S3.endpoint());
        Storage storage =
            Storage.create(
                S3ProxyExtension.location(proxy.endpoint(), prefix)
                    + "&partSize="
                    + S3StorageOptions.MIN_PART_SIZE)) {
      storage.overwrite("t/part-1.parquet", bytes("old"));
      OutputStream out = storage.openOutput("t/part-1.parquet");
      out.write(new byte[S3StorageOptions.MIN_PART_SIZE + 1]); // sends the first part
      proxy.loseResponses(Integer.MAX_VALUE);

      assertThatThrownBy(out::close)
          .isInstanceOf(IOException.class)
          .hasMessageStartingWith("Cannot write s3://lake/" + prefix + "/t/part-1.parquet: ");
      proxy.loseResponses(0);
      assertThat(storage.read("t/part-1.parquet")).isEqualTo(bytes("old"));
    }
  }

  @Test
  void twoProcessesRacingOnWriteIfAbsentNeverBothWin(@TempDir Path logDir) throws Exception {
    URI location = S3.location(prefix);
    try (Storage check = Storage.create(location)) {
      List<Integer> wins =
          WriteIfAbsentProcessRace.raceAndCheck(location.toString(), check, 2, 20, logDir);

      assertThat(wins.stream().mapToInt(Integer::intValue).sum()).isEqualTo(20);
    }
  }

  @Test
  void withoutKeysInTheUriTheAwsDefaultCredentialChainIsUsed() {
    // The default chain reads system properties first, then AWS_ACCESS_KEY_ID and friends.
    System.setProperty("aws.accessKeyId", S3ProxyExtension.IDENTITY);
    System.setProperty("aws.secretAccessKey", S3ProxyExtension.CREDENTIAL);
    URI withoutKeys =
        URI.create("s3://lake/" + prefix + "?endpoint=" + S3.endpoint() + "&region=us-east-1");
    try (Storage storage = Storage.create(withoutKeys)) {
      assertThat(storage.writeIfAbsent("t/a", bytes("signed by the chain"))).isTrue();
      assertThat(storage.read("t/a")).isEqualTo(bytes("signed by the chain"));
    } finally {
      System.clearProperty("aws.accessKeyId");
      System.clearProperty("aws.secretAccessKey");
    }
  }

  @Test
  void wrongCredentialsFailAtOnceWithS3sReason() {
    URI wrong =
        URI.create(
            "s3://lake/"
                + prefix
                + "?endpoint="
                + S3.endpoint()
                + "&region=us-east-1&accessKey="
                + S3ProxyExtension.IDENTITY
                + "&secretKey=wrong");
    try (Storage storage = Storage.create(wrong)) {
      assertThatThrownBy(() -> storage.writeIfAbsent("t/x", bytes("x")))
          .isInstanceOf(StorageException.class)
          .isNotInstanceOf(StorageOutcomeUnknownException.class)
          .hasMessageStartingWith("Cannot write 't/x' at s3://lake/" + prefix + "/t/x: 403");
    }
  }

  @Test
  void aMissingBucketIsNamedInTheError() {
    URI missing =
        URI.create(S3.location(prefix).toString().replace("s3://lake/", "s3://no-such-bucket/"));
    try (Storage storage = Storage.create(missing)) {
      assertThatThrownBy(() -> storage.read("t/x"))
          .isInstanceOf(StorageException.class)
          .hasMessageContaining("s3://no-such-bucket/")
          .hasMessageContaining("NoSuchBucket");
    }
  }
}
