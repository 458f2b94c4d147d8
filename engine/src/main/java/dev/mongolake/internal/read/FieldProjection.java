package dev.mongolake.internal.read;

import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.delta.query.Filter;

/** What a projection does with one field path. */
sealed interface FieldProjection extends ProjectionItem {

  /** {@code {a: 1}}: keep the field. */
  record Include() implements FieldProjection {}

  /** {@code {a: 0}}: drop the field. */
  record Exclude() implements FieldProjection {}

  /**
   * {@code {a: {$slice: n}}} or {@code {a: {$slice: [skip, limit]}}}: a part of the array; other
   * values pass unchanged. A negative {@code skip} counts from the end.
   */
  record Slice(int skip, int limit) implements FieldProjection {}

  /** {@code {a: {$elemMatch: {...}}}}: the first element matching, as a one-element array. */
  record ElementMatch(String field, Filter filter) implements FieldProjection {}

  /** {@code {"a.$": 1}}: the element the query matched, as a one-element array. */
  record Positional() implements FieldProjection {}

  /** {@code {a: "$b.c"}}, {@code {a: {$literal: 1}}}: a value computed from the whole document. */
  record Computed(Expression expression) implements FieldProjection {}
}
