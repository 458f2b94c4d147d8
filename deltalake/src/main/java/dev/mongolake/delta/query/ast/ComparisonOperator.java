package dev.mongolake.delta.query.ast;

/** The comparison operators {@code $eq $gt $gte $lt $lte}. */
public enum ComparisonOperator {
  EQ("$eq"),
  GT("$gt"),
  GTE("$gte"),
  LT("$lt"),
  LTE("$lte");

  private final String operatorName;

  ComparisonOperator(String operatorName) {
    this.operatorName = operatorName;
  }

  /** The operator as written in a filter. */
  public String operatorName() {
    return operatorName;
  }

  /** Whether the operator accepts values equal to the operand. */
  public boolean includesEqual() {
    return this == EQ || this == GTE || this == LTE;
  }

  /** Whether a comparison result {@code value <=> operand} satisfies the operator. */
  public boolean accepts(int comparison) {
    return switch (this) {
      case EQ -> comparison == 0;
      case GT -> comparison > 0;
      case GTE -> comparison >= 0;
      case LT -> comparison < 0;
      case LTE -> comparison <= 0;
    };
  }
}
