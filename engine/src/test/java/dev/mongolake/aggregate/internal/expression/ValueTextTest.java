package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ValueTextTest {

  @Test
  void doublesPrintWithSixSignificantDigitsAsCxxStreamsDo() {
    assertThat(ValueText.number(0.5)).isEqualTo("0.5");
    assertThat(ValueText.number(3.0)).isEqualTo("3");
    assertThat(ValueText.number(2147483648.0)).isEqualTo("2.14748e+09");
    assertThat(ValueText.number(123456.0)).isEqualTo("123456");
    assertThat(ValueText.number(1234567.0)).isEqualTo("1.23457e+06");
    assertThat(ValueText.number(0.0001)).isEqualTo("0.0001");
    assertThat(ValueText.number(0.00001234)).isEqualTo("1.234e-05");
    assertThat(ValueText.number(-1.5)).isEqualTo("-1.5");
    assertThat(ValueText.number(1e100)).isEqualTo("1e+100");
    assertThat(ValueText.number(Double.NaN)).isEqualTo("nan");
    assertThat(ValueText.number(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
  }

  @Test
  void valuesPrintAsMongoDbsValueToString() {
    assertThat(ValueText.of(value("'abc'"))).isEqualTo("\"abc\"");
    assertThat(ValueText.of(value("null"))).isEqualTo("null");
    assertThat(ValueText.of(null)).isEqualTo("MISSING");
    assertThat(ValueText.of(value("NumberLong(5)"))).isEqualTo("5");
    assertThat(ValueText.of(value("[1, 'a']"))).isEqualTo("[1, \"a\"]");
    assertThat(ValueText.of(value("{a: 1}"))).isEqualTo("{a: 1}");
  }
}
