package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.matches;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BitwiseMatchingTest {
  // 54 = 0b0011_0110, 20 = 0b0001_0100, 102 = 0b0110_0110.

  @Test
  void bitsAllSetWithPositions() {
    assertThat(matches("{a: {$bitsAllSet: [1, 5]}}", "{a: 54}")).isTrue();
    assertThat(matches("{a: {$bitsAllSet: [1, 5]}}", "{a: 20}")).isFalse();
  }

  @Test
  void bitsAllSetWithNumericMask() {
    assertThat(matches("{a: {$bitsAllSet: 50}}", "{a: 54}")).isTrue();
    assertThat(matches("{a: {$bitsAllSet: 50}}", "{a: 102}")).isFalse();
  }

  @Test
  void bitsAllSetWithBinDataMask() {
    // Base64 "MA==" is the byte 0x30: bits 4 and 5.
    assertThat(matches("{a: {$bitsAllSet: {$binary: {base64: 'MA==', subType: '00'}}}}", "{a: 54}"))
        .isTrue();
    assertThat(matches("{a: {$bitsAllSet: {$binary: {base64: 'MA==', subType: '00'}}}}", "{a: 20}"))
        .isFalse();
  }

  @Test
  void bitsAnySetAllClearAnyClear() {
    assertThat(matches("{a: {$bitsAnySet: [1, 5]}}", "{a: 20}")).isFalse();
    assertThat(matches("{a: {$bitsAnySet: [2, 5]}}", "{a: 20}")).isTrue();
    assertThat(matches("{a: {$bitsAllClear: [0, 3]}}", "{a: 54}")).isTrue();
    assertThat(matches("{a: {$bitsAllClear: [0, 1]}}", "{a: 54}")).isFalse();
    assertThat(matches("{a: {$bitsAnyClear: [1, 3]}}", "{a: 54}")).isTrue();
    assertThat(matches("{a: {$bitsAnyClear: [1, 2]}}", "{a: 54}")).isFalse();
  }

  @Test
  void negativeNumbersAreSignExtended() {
    assertThat(matches("{a: {$bitsAllSet: [0, 63, 200]}}", "{a: -1}")).isTrue();
    assertThat(matches("{a: {$bitsAnySet: [200]}}", "{a: 5}")).isFalse();
  }

  @Test
  void fractionalAndNonNumericValuesNeverMatch() {
    assertThat(matches("{a: {$bitsAllClear: [0]}}", "{a: 2.5}")).isFalse();
    assertThat(matches("{a: {$bitsAllClear: [0]}}", "{a: 2.0}")).isTrue();
    assertThat(matches("{a: {$bitsAllClear: [0]}}", "{a: 'x'}")).isFalse();
  }

  @Test
  void binDataValuesAreTestedBitByBit() {
    // Byte 0x01 then 0x80: bits 0 and 15.
    String doc = "{a: {$binary: {base64: 'AYA=', subType: '00'}}}";
    assertThat(matches("{a: {$bitsAllSet: [0, 15]}}", doc)).isTrue();
    assertThat(matches("{a: {$bitsAnySet: [16]}}", doc)).isFalse();
  }
}
