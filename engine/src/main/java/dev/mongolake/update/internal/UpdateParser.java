package dev.mongolake.update.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.Collation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Turns an operator-style update document into an {@link UpdatePlan}. Stateless. */
public final class UpdateParser {
  private final ModifierRegistry registry;

  public UpdateParser(ModifierRegistry registry) {
    this.registry = registry;
  }

  /**
   * Parses {@code update} with {@code arrayFilters}.
   *
   * @throws MongoLakeException with MongoDB's code and message for any invalid part
   */
  public UpdatePlan parse(BsonDocument update, List<BsonDocument> arrayFilters) {
    return parse(update, arrayFilters, Collation.SIMPLE);
  }

  /**
   * Parses {@code update} with {@code arrayFilters}, its comparisons (the operators' and the array
   * filters') following {@code collation}.
   *
   * @throws MongoLakeException with MongoDB's code and message for any invalid part
   */
  public UpdatePlan parse(
      BsonDocument update, List<BsonDocument> arrayFilters, Collation collation) {
    if (update.isEmpty() || !update.getFirstKey().startsWith("$")) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "Update document requires atomic operators");
    }
    Map<String, ElementMatcher> filters = ArrayFilterSet.parse(arrayFilters, collation);
    UpdateParseScope scope = new UpdateParseScope(filters.keySet(), collation.order());
    List<UpdateStep> steps = new ArrayList<>();
    for (Map.Entry<String, BsonValue> entry : update.entrySet()) {
      String name = entry.getKey();
      BsonValue fields = entry.getValue();
      ModifierHandler handler =
          registry
              .find(name)
              .orElseThrow(
                  () ->
                      new MongoLakeException(
                          ErrorCode.FAILED_TO_PARSE,
                          "Unknown modifier: "
                              + name
                              + ". Expected a valid update modifier or pipeline-style update"
                              + " specified as an array"));
      if (!fields.isDocument()) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "Modifiers operate on fields but we found type "
                + BsonTypeNames.of(fields)
                + " instead. For example: {$mod: {<field>: ...}} not {"
                + BsonDebugText.element(name, fields)
                + "}");
      }
      if (fields.asDocument().isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "'"
                + name
                + "' is empty. You must specify a field like so: {"
                + name
                + ": {<field>: ...}}");
      }
      for (Map.Entry<String, BsonValue> field : fields.asDocument().entrySet()) {
        steps.add(handler.parse(field.getKey(), field.getValue(), scope));
      }
    }
    for (String identifier : filters.keySet()) {
      if (!scope.usedIdentifiers().contains(identifier)) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "The array filter for identifier '"
                + identifier
                + "' was not used in the update "
                + BsonDebugText.value(update));
      }
    }
    steps.sort(Comparator.comparing(UpdateStep::orderPath, FieldNameOrder.INSTANCE));
    return new UpdatePlan(steps, filters);
  }
}
