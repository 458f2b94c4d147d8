package dev.mongolake.delta.query.internal.explain;

import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * {@code $and}, {@code $or} or {@code $nor}: the clauses that decided the outcome, by index, under
 * {@code clausesNotSatisfied} (or, inverted, {@code clausesSatisfied}), as MongoDB reports them.
 */
record LogicalClause(String operator, List<Clause> children) implements Clause {
  LogicalClause {
    children = List.copyOf(children);
  }

  @Override
  public boolean matches(BsonDocument document) {
    return switch (operator) {
      case "$and" -> children.stream().allMatch(child -> child.matches(document));
      case "$or" -> children.stream().anyMatch(child -> child.matches(document));
      default -> children.stream().noneMatch(child -> child.matches(document));
    };
  }

  @Override
  public BsonDocument explain(BsonDocument document, boolean inverted) {
    return explain(operator, children, document, inverted);
  }

  /**
   * Which children to report and how: a failing AND names its failing clauses, a failing OR all of
   * them, a failing NOR the ones that matched (explained inverted); inverted, the reverse.
   */
  static BsonDocument explain(
      String operator, List<Clause> children, BsonDocument document, boolean inverted) {
    BsonArray clauses = new BsonArray();
    boolean nor = operator.equals("$nor");
    boolean childInverted = nor != inverted;
    for (int i = 0; i < children.size(); i++) {
      Clause child = children.get(i);
      if (reported(operator, inverted, child.matches(document))) {
        clauses.add(
            new BsonDocument("index", new BsonInt32(i))
                .append("details", child.explain(document, childInverted)));
      }
    }
    return new BsonDocument("operatorName", new BsonString(operator))
        .append(inverted ? "clausesSatisfied" : "clausesNotSatisfied", clauses);
  }

  private static boolean reported(String operator, boolean inverted, boolean matches) {
    return switch (operator) {
      case "$and" -> inverted || !matches;
      case "$or" -> !inverted || matches;
      default -> inverted || matches;
    };
  }
}
