package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.ast.IntegralValues;
import dev.mongolake.delta.query.ast.TypePredicate;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.OperandText;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.bson.BsonType;
import org.bson.BsonValue;

/** {@code $type}: a type name, a type number, or an array of them. */
final class TypeOperatorHandler implements FieldOperatorHandler {
  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    Set<BsonType> types = EnumSet.noneOf(BsonType.class);
    List<BsonValue> entries = operand.isArray() ? operand.asArray().getValues() : List.of(operand);
    for (BsonValue entry : entries) {
      types.addAll(typesOf(entry));
    }
    if (types.isEmpty()) {
      throw QueryErrors.failedToParse(context.fieldName() + " must match at least one type");
    }
    return Optional.of(new TypePredicate(types));
  }

  private static Set<BsonType> typesOf(BsonValue entry) {
    if (entry.isString()) {
      String name = entry.asString().getValue();
      return BsonTypeAliases.byName(name)
          .orElseThrow(() -> QueryErrors.badValue("Unknown type name alias: " + name));
    }
    if (entry.isNumber() || entry.isDecimal128()) {
      OptionalLong number = IntegralValues.exact(entry);
      return number.isPresent()
          ? BsonTypeAliases.byNumber(number.getAsLong())
              .map(type -> (Set<BsonType>) EnumSet.of(type))
              .orElseThrow(() -> invalidCode(entry))
          : throwInvalid(entry);
    }
    throw QueryErrors.typeMismatch("type must be represented as a number or a string");
  }

  private static Set<BsonType> throwInvalid(BsonValue entry) {
    throw invalidCode(entry);
  }

  private static RuntimeException invalidCode(BsonValue entry) {
    return QueryErrors.badValue("Invalid numerical type code: " + OperandText.of(entry));
  }
}
