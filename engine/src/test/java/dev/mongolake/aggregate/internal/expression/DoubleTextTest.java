package dev.mongolake.aggregate.internal.expression;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DoubleTextTest {

  @Test
  void printsLikePrintfG() {
    assertThat(DoubleText.printfG(2.5)).isEqualTo("2.5");
    assertThat(DoubleText.printfG(100)).isEqualTo("100");
    assertThat(DoubleText.printfG(123456)).isEqualTo("123456");
    assertThat(DoubleText.printfG(1234567)).isEqualTo("1.23457e+06");
    assertThat(DoubleText.printfG(0.0001)).isEqualTo("0.0001");
    assertThat(DoubleText.printfG(0.00001234)).isEqualTo("1.234e-05");
    assertThat(DoubleText.printfG(1.0 / 3)).isEqualTo("0.333333");
    assertThat(DoubleText.printfG(-1e100)).isEqualTo("-1e+100");
    assertThat(DoubleText.printfG(999999.5)).isEqualTo("1e+06");
    assertThat(DoubleText.printfG(-0.0)).isEqualTo("-0");
    assertThat(DoubleText.printfG(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
    assertThat(DoubleText.printfG(Double.NaN)).isEqualTo("nan");
  }
}
