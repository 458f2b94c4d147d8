package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.query.ast.BitTest;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import dev.mongolake.delta.query.internal.parse.OperatorRegistry;

/** The registry of every query operator MongoLake knows. */
public final class StandardOperators {
  private static final OperatorRegistry REGISTRY = build(true);
  private static final OperatorRegistry WITHOUT_SPECIAL_FEATURES = build(false);

  private StandardOperators() {}

  public static OperatorRegistry registry() {
    return REGISTRY;
  }

  /**
   * The operators of a filter where MongoDB bans its special features ({@code
   * kBanAllSpecialFeatures}): {@code $expr} and {@code $jsonSchema} fail with
   * QueryFeatureNotAllowed, as there.
   */
  public static OperatorRegistry withoutSpecialFeatures() {
    return WITHOUT_SPECIAL_FEATURES;
  }

  private static OperatorRegistry build(boolean specialFeatures) {
    OperatorRegistry.Builder builder = OperatorRegistry.builder();
    for (ComparisonOperator operator : ComparisonOperator.values()) {
      builder.field(new ComparisonOperatorHandler(operator), operator.operatorName());
    }
    for (BitTest test : BitTest.values()) {
      builder.field(new BitTestOperatorHandler(test), test.operatorName());
    }
    return builder
        .field(new NotEqualOperatorHandler(), "$ne")
        .field(new InOperatorHandler(false), "$in")
        .field(new InOperatorHandler(true), "$nin")
        .field(new NotOperatorHandler(), "$not")
        .field(new ExistsOperatorHandler(), "$exists")
        .field(new TypeOperatorHandler(), "$type")
        .field(new ModOperatorHandler(), "$mod")
        .field(new RegexOperatorHandler(), "$regex")
        .field(new OptionsOperatorHandler(), "$options")
        .field(new ElemMatchOperatorHandler(), "$elemMatch")
        .field(new AllOperatorHandler(), "$all")
        .field(new SizeOperatorHandler(), "$size")
        .field(
            new UnsupportedFieldOperatorHandler(),
            "$geoWithin",
            "$geoIntersects",
            "$near",
            "$nearSphere",
            "$within")
        .topLevel(LogicalOperatorHandler.and(), "$and")
        .topLevel(LogicalOperatorHandler.or(), "$or")
        .topLevel(LogicalOperatorHandler.nor(), "$nor")
        .topLevel(new ExprOperatorHandler(specialFeatures), "$expr")
        .topLevel(new CommentOperatorHandler(), "$comment")
        .topLevel(new AlwaysBooleanOperatorHandler(true), "$alwaysTrue")
        .topLevel(new AlwaysBooleanOperatorHandler(false), "$alwaysFalse")
        .topLevel(new DbRefFieldHandler(), "$ref", "$id", "$db")
        .topLevel(
            new RejectedTopLevelOperatorHandler(
                QueryErrorCode.BAD_VALUE, "$where is not allowed in this context"),
            "$where")
        .topLevel(
            specialFeatures
                ? new JsonSchemaOperatorHandler()
                : new RejectedTopLevelOperatorHandler(
                    QueryErrorCode.QUERY_FEATURE_NOT_ALLOWED,
                    "$jsonSchema is not allowed in this context"),
            "$jsonSchema")
        .topLevel(
            new RejectedTopLevelOperatorHandler(
                QueryErrorCode.NOT_IMPLEMENTED, "$text is not supported yet"),
            "$text")
        .topLevel(
            new RejectedTopLevelOperatorHandler(
                QueryErrorCode.NOT_IMPLEMENTED, "$sampleRate is not supported yet"),
            "$sampleRate")
        .build();
  }
}
