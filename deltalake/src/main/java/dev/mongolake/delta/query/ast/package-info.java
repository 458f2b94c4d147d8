/**
 * The parsed form of a filter: {@link dev.mongolake.delta.query.ast.FilterNode} for the tree and
 * {@link dev.mongolake.delta.query.ast.FieldPredicate} for conditions on one path. Nodes are
 * immutable records; planners read them, and each knows how to match a document ({@code $expr}
 * through the {@link dev.mongolake.delta.query.ast.ExpressionEvaluator} the engine plugs in). The
 * tree depends on no other package of the filter language, which builds and reads it.
 */
package dev.mongolake.delta.query.ast;
