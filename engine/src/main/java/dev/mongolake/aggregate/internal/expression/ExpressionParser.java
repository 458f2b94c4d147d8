package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Compiles MongoDB's aggregation expressions: {@code "$path"} field paths, {@code "$$name.path"}
 * variables, {@code {$operator: arguments}} (from {@link OperatorRegistry}), documents and arrays
 * of expressions, and constants. An operator whose arguments are all constant is evaluated once
 * here, as MongoDB's optimizer does (so {@code {$divide: [1, 0]}} fails even on an empty
 * collection).
 */
public final class ExpressionParser {

  /** {@code $$DESCEND}, {@code $$PRUNE}, {@code $$KEEP}: the answers {@code $redact} acts on. */
  public static final BsonString DESCEND = new BsonString("descend");

  public static final BsonString PRUNE = new BsonString("prune");
  public static final BsonString KEEP = new BsonString("keep");

  /** The system variables a path may not read as documents: constants, or refused. */
  private static final Set<String> BUILTIN_VARIABLES =
      Set.of(
          "REMOVE",
          "DESCEND",
          "PRUNE",
          "KEEP",
          "CLUSTER_TIME",
          "USER_ROLES",
          "SEARCH_META",
          "JS_SCOPE",
          "IS_MR");

  private ExpressionParser() {}

  /** Compiles {@code value} with the variables of {@code scope}. */
  public static Expression parse(BsonValue value, VariableScope scope) {
    if (value instanceof BsonString string && string.getValue().startsWith("$")) {
      return path(string.getValue(), scope);
    }
    if (value instanceof BsonDocument document) {
      return document(document, scope);
    }
    if (value instanceof BsonArray array) {
      List<Expression> elements = new ArrayList<>(array.size());
      for (BsonValue element : array) {
        elements.add(parse(element, scope));
      }
      return fold(new ArrayExpression(elements));
    }
    return new Constant(value);
  }

  /**
   * Compiles a document of expressions, {@code {a: <expr>, b: {...}}}, which must not be an
   * operator ({@code $project}'s computed fields, {@code $group}'s {@code _id} when a document).
   */
  public static ObjectExpression object(BsonDocument document, VariableScope scope) {
    Map<String, Expression> fields = new LinkedHashMap<>();
    for (Map.Entry<String, BsonValue> field : document.entrySet()) {
      String name = field.getKey();
      checkFieldName(name);
      fields.put(name, parse(field.getValue(), scope));
    }
    return new ObjectExpression(fields);
  }

  private static Expression document(BsonDocument document, VariableScope scope) {
    if (document.isEmpty() || !document.getFirstKey().startsWith("$")) {
      return fold(object(document, scope));
    }
    String operator = document.getFirstKey();
    if (document.size() != 1) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_15983,
          "An object representing an expression must have exactly one field: " + document.toJson());
    }
    Expression parsed =
        OperatorRegistry.instance().parser(operator).parse(operator, document.get(operator), scope);
    return fold(parsed);
  }

  /**
   * Evaluates {@code expression} once when it reads no document, no variable and nothing random:
   * every child is constant, and it has at least one.
   */
  static Expression fold(Expression expression) {
    if (expression.isConstant()
        || expression instanceof NonDeterministic
        || expression instanceof EvaluatedPerDocument) {
      return expression;
    }
    List<Expression> children = expression.children();
    if (children.isEmpty() && !(expression instanceof ObjectExpression)) {
      return expression;
    }
    for (Expression child : children) {
      if (!child.isConstant()) {
        return expression;
      }
    }
    return new Constant(expression.evaluate(new Variables(new BsonDateTime(0))));
  }

  private static Expression path(String text, VariableScope scope) {
    if (!text.startsWith("$$")) {
      if (text.length() == 1) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_16872, "'$' by itself is not a valid FieldPath");
      }
      return new FieldPathExpression(scope.currentSlot(), "CURRENT", fieldNames(text.substring(1)));
    }
    String rest = text.substring(2);
    int dot = rest.indexOf('.');
    String variable = dot < 0 ? rest : rest.substring(0, dot);
    if (!BUILTIN_VARIABLES.contains(variable)) {
      // MongoDB's order: the name, then whether it is defined, then the path after it.
      checkReferenceName(variable);
      int slot = scope.slotOf(variable);
      return new FieldPathExpression(slot, variable, variableFieldNames(rest, dot));
    }
    variableFieldNames(rest, dot);
    return switch (variable) {
      case "REMOVE" -> new Constant(null);
      case "DESCEND" -> new Constant(DESCEND);
      case "PRUNE" -> new Constant(PRUNE);
      case "KEEP" -> new Constant(KEEP);
      case "CLUSTER_TIME" ->
          throw new MongoLakeException(
              ErrorCode.LOCATION_51144, "Builtin variable '$$CLUSTER_TIME' is not available");
      case "USER_ROLES", "SEARCH_META", "JS_SCOPE", "IS_MR" ->
          throw new MongoLakeException(
              ErrorCode.NOT_IMPLEMENTED,
              "Cannot evaluate $$" + variable + ": the variable is not supported");
      default -> throw new IllegalStateException("not a builtin variable: " + variable);
    };
  }

  /**
   * The field names after a variable ({@code rest} is the path without {@code $$}, {@code dot} its
   * first dot or -1): MongoDB checks the whole of it as one field path, so a trailing dot is 40353.
   */
  private static String[] variableFieldNames(String rest, int dot) {
    if (dot < 0) {
      return new String[0];
    }
    if (rest.endsWith(".")) {
      throw FieldPathNames.trailingDot();
    }
    return fieldNames(rest.substring(dot + 1));
  }

  /** A variable read must name a user variable or a system one; MongoDB answers FailedToParse. */
  private static void checkReferenceName(String variable) {
    if (variable.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "empty variable names are not allowed");
    }
    if (variable.equals("ROOT") || variable.equals("CURRENT") || variable.equals("NOW")) {
      return;
    }
    try {
      VariableScope.checkUserVariableName(variable);
    } catch (MongoLakeException e) {
      throw new MongoLakeException(ErrorCode.FAILED_TO_PARSE, e.getMessage());
    }
  }

  private static String[] fieldNames(String dotted) {
    return FieldPathNames.split(dotted);
  }

  /** A computed field's name: not empty, no dot, no leading {@code $} (MongoDB's order). */
  private static void checkFieldName(String name) {
    if (name.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_15998, "FieldPath field names may not be empty strings.");
    }
    if (name.startsWith("$")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16410,
          "FieldPath field names may not start with '$'. Consider using $getField or $setField.");
    }
    if (name.contains(".")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16412,
          "FieldPath field names may not contain '.'. Consider using $getField or $setField.");
    }
  }
}
