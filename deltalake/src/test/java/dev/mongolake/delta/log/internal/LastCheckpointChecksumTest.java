package dev.mongolake.delta.log.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The {@code _last_checkpoint} checksum, per the protocol's "JSON checksum" section. */
class LastCheckpointChecksumTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theProtocolsSampleCanonicalizesAndHashesAsPublished() throws Exception {
    JsonNode sample =
        JSON.readTree(
            "{\"k0\":\"'v 0'\", \"checksum\": \"adsaskfljadfkjadfkj\", \"k1\":{\"k2\": 2, \"k3\":"
                + " [\"v3\", [1, 2], {\"k4\": \"v4\", \"k5\": [\"v5\", \"v6\", \"v7\"]}]}}");

    assertThat(LastCheckpointChecksum.canonical(sample))
        .isEqualTo(
            "\"k0\"=\"%27v%200%27\",\"k1\"+\"k2\"=2,\"k1\"+\"k3\"+0=\"v3\",\"k1\"+\"k3\"+1+0=1,"
                + "\"k1\"+\"k3\"+1+1=2,\"k1\"+\"k3\"+2+\"k4\"=\"v4\",\"k1\"+\"k3\"+2+\"k5\"+0=\"v5\","
                + "\"k1\"+\"k3\"+2+\"k5\"+1=\"v6\",\"k1\"+\"k3\"+2+\"k5\"+2=\"v7\"");
    assertThat(LastCheckpointChecksum.of(sample)).isEqualTo("6a92d155a59bf2eecbd4b4ec7fd1f875");
  }

  @Test
  void pairsAreSortedByPathAndLiteralsKeepTheirForm() throws Exception {
    JsonNode json = JSON.readTree("{\"b\":{\"y\":null,\"x\":\"https://delta.io\"},\"a\":10}");

    assertThat(LastCheckpointChecksum.canonical(json))
        .isEqualTo("\"a\"=10,\"b\"+\"x\"=\"https%3A%2F%2Fdelta.io\",\"b\"+\"y\"=null");
  }

  @Test
  void onlyUnreservedOctetsStayUnencodedAndHexIsUpperCase() {
    assertThat(LastCheckpointChecksum.urlEncode("aZ09-._~ />é"))
        .isEqualTo("aZ09-._~%20%2F%3E%C3%A9");
  }

  @Test
  void theChecksumFieldItselfIsLeftOut() throws Exception {
    JsonNode with = JSON.readTree("{\"version\":10,\"size\":3,\"checksum\":\"whatever\"}");
    JsonNode without = JSON.readTree("{\"version\":10,\"size\":3}");

    assertThat(LastCheckpointChecksum.of(with)).isEqualTo(LastCheckpointChecksum.of(without));
    assertThat(LastCheckpointChecksum.of(with))
        .isNotEqualTo(LastCheckpointChecksum.of(JSON.readTree("{\"version\":11,\"size\":3}")));
  }
}
