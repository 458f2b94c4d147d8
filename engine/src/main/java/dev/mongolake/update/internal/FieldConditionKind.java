package dev.mongolake.update.internal;

import java.util.Set;
import org.bson.BsonValue;

/** How a $pull argument selects elements, decided as MongoDB's PullNode does. */
public enum FieldConditionKind {
  /** {@code {$gte: 6}}: field operators applied to each element. */
  OPERATORS,
  /** {@code {score: 8}} or {@code {$or: [...]}}: a query on document elements. */
  QUERY,
  /** A regular expression: the string elements it matches. */
  PATTERN,
  /** Anything else: elements equal to the value. */
  VALUE;

  private static final Set<String> QUERY_OPERATORS =
      Set.of("$and", "$or", "$nor", "$expr", "$where", "$text", "$comment", "$jsonSchema");

  /** The kind of {@code argument}. */
  public static FieldConditionKind of(BsonValue argument) {
    if (argument.isRegularExpression()) {
      return PATTERN;
    }
    if (!argument.isDocument()) {
      return VALUE;
    }
    if (argument.asDocument().isEmpty()) {
      return QUERY;
    }
    String first = argument.asDocument().getFirstKey();
    if (first.startsWith("$") && !QUERY_OPERATORS.contains(first)) {
      return OPERATORS;
    }
    return QUERY;
  }
}
