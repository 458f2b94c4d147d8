package dev.mongolake.delta.query.ast;

/** The four bitwise query operators. */
public enum BitTest {
  ALL_SET("$bitsAllSet"),
  ANY_SET("$bitsAnySet"),
  ALL_CLEAR("$bitsAllClear"),
  ANY_CLEAR("$bitsAnyClear");

  private final String operatorName;

  BitTest(String operatorName) {
    this.operatorName = operatorName;
  }

  /** The operator as written in a filter. */
  public String operatorName() {
    return operatorName;
  }
}
