package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code {$switch: {branches: [{case, then}, ...], default}}}: the {@code then} of the first branch
 * whose {@code case} is true, else {@code default}; with no default and no matching branch it fails
 * (40066), as MongoDB does.
 *
 * @param cases the branches' conditions
 * @param thens the branches' values, one per case
 * @param fallback the default, or {@code null} when there is none
 */
record SwitchExpression(List<Expression> cases, List<Expression> thens, Expression fallback)
    implements Expression {

  SwitchExpression {
    cases = List.copyOf(cases);
    thens = List.copyOf(thens);
  }

  static Expression parse(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40060,
          "$switch requires an object as an argument, found: " + BsonTypeNames.of(arguments));
    }
    List<Expression> cases = new ArrayList<>();
    List<Expression> thens = new ArrayList<>();
    Expression fallback = null;
    for (Map.Entry<String, BsonValue> field : spec.entrySet()) {
      switch (field.getKey()) {
        case "branches" -> parseBranches(field.getValue(), scope, cases, thens);
        case "default" -> fallback = ExpressionParser.parse(field.getValue(), scope);
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_40067, "$switch found an unknown argument: " + field.getKey());
      }
    }
    if (cases.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40068, "$switch requires at least one branch.");
    }
    if (fallback == null && cases.stream().allMatch(SwitchExpression::isConstantFalse)) {
      // MongoDB's optimizer drops the constant false branches and finds nothing left.
      throw new MongoLakeException(
          ErrorCode.LOCATION_40069,
          "One cannot execute a switch statement where all the cases evaluate to false without a"
              + " default.");
    }
    return new SwitchExpression(cases, thens, fallback);
  }

  private static boolean isConstantFalse(Expression condition) {
    return condition instanceof Constant constant && !ExpressionValues.isTrue(constant.value());
  }

  private static void parseBranches(
      BsonValue branches, VariableScope scope, List<Expression> cases, List<Expression> thens) {
    if (!(branches instanceof BsonArray array)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40061,
          "$switch expected an array for 'branches', found: " + BsonTypeNames.of(branches));
    }
    for (BsonValue branch : array) {
      if (!(branch instanceof BsonDocument document)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40062,
            "$switch expected each branch to be an object, found: " + BsonTypeNames.of(branch));
      }
      Expression condition = null;
      Expression then = null;
      for (Map.Entry<String, BsonValue> field : document.entrySet()) {
        switch (field.getKey()) {
          case "case" -> condition = ExpressionParser.parse(field.getValue(), scope);
          case "then" -> then = ExpressionParser.parse(field.getValue(), scope);
          default ->
              throw new MongoLakeException(
                  ErrorCode.LOCATION_40063,
                  "$switch found an unknown argument to a branch: " + field.getKey());
        }
      }
      if (condition == null) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40064, "$switch requires each branch have a 'case' expression");
      }
      if (then == null) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40065, "$switch requires each branch have a 'then' expression.");
      }
      cases.add(condition);
      thens.add(then);
    }
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    for (int i = 0; i < cases.size(); i++) {
      if (ExpressionValues.isTrue(cases.get(i).evaluate(variables))) {
        return thens.get(i).evaluate(variables);
      }
    }
    if (fallback == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40066,
          "$switch could not find a matching branch for an input, and no default was specified.");
    }
    return fallback.evaluate(variables);
  }

  @Override
  public List<Expression> children() {
    List<Expression> all = new ArrayList<>(cases);
    all.addAll(thens);
    if (fallback != null) {
      all.add(fallback);
    }
    return all;
  }
}
