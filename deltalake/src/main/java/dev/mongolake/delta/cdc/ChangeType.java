package dev.mongolake.delta.cdc;

/** The {@code _change_type} of a Delta change data feed row, with Delta's names. */
public enum ChangeType {
  /** A row was inserted. */
  INSERT("insert"),
  /** The row before an update. */
  UPDATE_PREIMAGE("update_preimage"),
  /** The row after an update. */
  UPDATE_POSTIMAGE("update_postimage"),
  /** A row was deleted (the row as it was). */
  DELETE("delete");

  private final String deltaName;

  ChangeType(String deltaName) {
    this.deltaName = deltaName;
  }

  /** The value of the {@code _change_type} column. */
  public String deltaName() {
    return deltaName;
  }

  /**
   * The change type a {@code _change_type} value names.
   *
   * @throws IllegalArgumentException for any other value
   */
  public static ChangeType fromDeltaName(String name) {
    for (ChangeType type : values()) {
      if (type.deltaName.equals(name)) {
        return type;
      }
    }
    throw new IllegalArgumentException(
        "Cannot read change data: unknown _change_type '" + name + "'");
  }
}
