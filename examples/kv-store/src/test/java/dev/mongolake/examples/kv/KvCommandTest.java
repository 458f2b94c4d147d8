package dev.mongolake.examples.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class KvCommandTest {

  @Test
  void commandsSurviveEncoding() {
    KvCommand put = new KvCommand.Put("clé", "välue with spaces");
    KvCommand delete = new KvCommand.Delete("k");

    assertThat(KvCommand.decode(put.encode())).isEqualTo(put);
    assertThat(KvCommand.decode(delete.encode())).isEqualTo(delete);
  }

  @Test
  void decodeRejectsAnUnknownOp() {
    assertThatThrownBy(() -> KvCommand.decode(new byte[] {9, 0, 0, 0, 0}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot decode a store command: unknown op 9");
  }

  @Test
  void decodeRejectsATruncatedRecord() {
    byte[] put = new KvCommand.Put("key", "value").encode();
    byte[] truncated = java.util.Arrays.copyOf(put, put.length - 2);

    assertThatThrownBy(() -> KvCommand.decode(truncated))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot decode a store command: record of 15 bytes is malformed");
  }
}
