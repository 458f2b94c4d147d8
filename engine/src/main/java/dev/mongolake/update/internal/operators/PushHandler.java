package dev.mongolake.update.internal.operators;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.update.internal.Change;
import dev.mongolake.update.internal.FieldModification;
import dev.mongolake.update.internal.FieldModifierHandler;
import dev.mongolake.update.internal.FieldTarget;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $push}: appends a value, or with {@code $each} several values, optionally at {@code
 * $position}, then applies {@code $sort} and {@code $slice} to the whole array (in that order, as
 * MongoDB does). A missing field becomes a new array.
 */
public final class PushHandler extends FieldModifierHandler {
  private static final Set<String> CLAUSES = Set.of("$each", "$slice", "$sort", "$position");

  @Override
  public String name() {
    return "$push";
  }

  @Override
  protected FieldModification modification(
      String field, BsonValue argument, BsonComparisonOrder order) {
    if (!argument.isDocument() || !argument.asDocument().containsKey("$each")) {
      return new Push(List.of(ValueCopies.copy(argument)), null, null, null);
    }
    Set<String> seen = new HashSet<>();
    for (String clause : argument.asDocument().keySet()) {
      if (!CLAUSES.contains(clause)) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE, "Unrecognized clause in $push: " + clause);
      }
      if (!seen.add(clause)) {
        throw new MongoLakeException(ErrorCode.BAD_VALUE, "Only one " + clause + " is supported.");
      }
    }
    BsonDocument clauses = argument.asDocument();
    BsonValue each = clauses.get("$each");
    if (!each.isArray()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "The argument to $each in $push must be an array but it was of type: "
              + BsonTypeNames.of(each));
    }
    Long slice = null;
    if (clauses.containsKey("$slice")) {
      slice =
          IntegerArgument.parse(clauses.get("$slice"))
              .orElseThrow(
                  () ->
                      new MongoLakeException(
                          ErrorCode.BAD_VALUE,
                          "The value for $slice must be an integer value but was given type: "
                              + BsonTypeNames.of(clauses.get("$slice"))));
    }
    PushSort sort =
        clauses.containsKey("$sort") ? PushSort.parse(clauses.get("$sort"), order) : null;
    Long position = null;
    if (clauses.containsKey("$position")) {
      position =
          IntegerArgument.parse(clauses.get("$position"))
              .orElseThrow(
                  () ->
                      new MongoLakeException(
                          ErrorCode.BAD_VALUE,
                          "The value for $position must be an integer value, not of type: "
                              + BsonTypeNames.of(clauses.get("$position"))));
    }
    return new Push(each.asArray().clone().getValues(), position, sort, slice);
  }

  private record Push(List<BsonValue> values, Long position, PushSort sort, Long slice)
      implements FieldModification {
    @Override
    public Change onExisting(BsonValue current, FieldTarget target) {
      if (!current.isArray()) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "The field '"
                + target.path()
                + "' must be an array but is of type "
                + BsonTypeNames.of(current)
                + " in document {"
                + target.idTextOrNoId()
                + "}");
      }
      return Change.set(push(current.asArray().clone()));
    }

    @Override
    public Change onMissing(FieldTarget target) {
      return Change.set(push(new BsonArray()));
    }

    private BsonArray push(BsonArray array) {
      List<BsonValue> elements = new ArrayList<>(array.getValues());
      int at = insertionPoint(elements.size());
      for (BsonValue value : values) {
        elements.add(at++, ValueCopies.copy(value));
      }
      if (sort != null) {
        elements.sort(sort);
      }
      if (slice != null) {
        long keep = slice == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(slice);
        if (elements.size() > keep) {
          int n = (int) keep;
          elements =
              slice >= 0
                  ? elements.subList(0, n)
                  : elements.subList(elements.size() - n, elements.size());
        }
      }
      return new BsonArray(new ArrayList<>(elements));
    }

    private int insertionPoint(int size) {
      if (position == null || position >= size) {
        return size;
      }
      if (position >= 0) {
        return (int) (long) position;
      }
      return -position < size ? (int) (size + position) : 0;
    }
  }
}
