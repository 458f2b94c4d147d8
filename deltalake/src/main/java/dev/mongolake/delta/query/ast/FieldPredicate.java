package dev.mongolake.delta.query.ast;

import org.bson.BsonValue;

/**
 * The condition a {@link FieldNode} applies to the values its path resolves to. Immutable and
 * thread-safe.
 */
public sealed interface FieldPredicate
    permits ComparisonPredicate,
        InPredicate,
        RegexPredicate,
        NotPredicate,
        AllOfPredicate,
        ExistsPredicate,
        TypePredicate,
        ModPredicate,
        SizePredicate,
        ElemMatchValuePredicate,
        ElemMatchDocumentPredicate,
        BitTestPredicate,
        ConstantPredicate {

  /** Whether the values a path resolved to satisfy the predicate (MongoDB's path semantics). */
  boolean matches(PathValues values);

  /**
   * Whether one value, taken as is (no array expansion, never missing), satisfies the predicate.
   * This is how {@code $elemMatch} applies operators to each array element.
   */
  boolean matchesSingle(BsonValue value);
}
