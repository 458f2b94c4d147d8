/**
 * Why a document does not match a filter, in the shape of MongoDB's document validation errors
 * ({@code errInfo.details}: {@code operatorName}, {@code specifiedAs}, {@code reason}, {@code
 * consideredValue}, {@code clausesNotSatisfied}, ...). {@link
 * dev.mongolake.delta.query.internal.explain.MismatchExplainer} splits the filter into {@link
 * dev.mongolake.delta.query.internal.explain.Clause}s as MongoDB's parser does and asks each.
 */
package dev.mongolake.delta.query.internal.explain;
