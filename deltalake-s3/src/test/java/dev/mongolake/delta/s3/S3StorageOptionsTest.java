package dev.mongolake.delta.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.s3.S3StorageOptions.S3Credentials;
import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class S3StorageOptionsTest {

  @Test
  void readsEveryParameterFromTheUri() {
    S3StorageOptions options =
        S3StorageOptions.fromUri(
            URI.create(
                "s3://bucket/lake/tables/?endpoint=http%3A%2F%2F127.0.0.1%3A9000&region=auto"
                    + "&pathStyle=false&accessKey=AK&secretKey=S%2BK&sessionToken=T&partSize=6291456"));

    assertThat(options.bucket()).isEqualTo("bucket");
    assertThat(options.prefix()).isEqualTo("lake/tables/");
    assertThat(options.endpoint()).contains(URI.create("http://127.0.0.1:9000"));
    assertThat(options.region()).contains("auto");
    assertThat(options.pathStyle()).isFalse();
    assertThat(options.credentials()).contains(new S3Credentials("AK", "S+K", Optional.of("T")));
    assertThat(options.partSize()).isEqualTo(6_291_456);
  }

  @Test
  void defaultsToAwsWithTheDefaultChains() {
    S3StorageOptions options = S3StorageOptions.fromUri(URI.create("s3://bucket"));

    assertThat(options.prefix()).isEmpty();
    assertThat(options.endpoint()).isEmpty();
    assertThat(options.region()).isEmpty();
    assertThat(options.pathStyle()).isFalse();
    assertThat(options.credentials()).isEmpty();
    assertThat(options.partSize()).isEqualTo(S3StorageOptions.DEFAULT_PART_SIZE);
  }

  @Test
  void anEndpointTurnsOnPathStyleUnlessToldOtherwise() {
    assertThat(
            S3StorageOptions.fromUri(URI.create("s3://b/p?endpoint=http://127.0.0.1:9000"))
                .pathStyle())
        .isTrue();
  }

  @Test
  void refusesAnUnknownParameterNamingIt() {
    assertThatThrownBy(
            () -> S3StorageOptions.fromUri(URI.create("s3://b/p?endpiont=x&secretKey=S")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot open S3 storage 's3://b/p': unknown parameter 'endpiont'")
        .hasMessageNotContaining("secretKey=S");
  }

  @Test
  void refusesHalfOfAKeyPair() {
    assertThatThrownBy(() -> S3StorageOptions.fromUri(URI.create("s3://b/p?accessKey=AK")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot open S3 storage 's3://b/p': accessKey and secretKey must be given together");
  }

  @Test
  void refusesAUriWithoutABucket() {
    assertThatThrownBy(() -> S3StorageOptions.fromUri(URI.create("s3:///p")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("names no bucket");
  }

  @Test
  void refusesAPartSizeBelowS3sMinimum() {
    assertThatThrownBy(() -> S3StorageOptions.fromUri(URI.create("s3://b/p?partSize=1024")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot use S3 part size 1024: S3 requires at least 5242880");
  }

  @Test
  void refusesAPrefixThatClimbsOut() {
    assertThatThrownBy(() -> S3StorageOptions.of("b", "lake/../other"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'lake/../other'");
  }

  @Test
  void credentialsNeverPrintTheSecret() {
    assertThat(new S3Credentials("AK", "SECRET", Optional.empty()).toString())
        .doesNotContain("SECRET");
  }
}
