package dev.mongolake.delta.query.internal.explain;

import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.query.ast.FieldPath;
import dev.mongolake.delta.query.ast.PathValues;
import dev.mongolake.delta.query.internal.operators.BsonTypeAliases;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * One field operator ({@code {qty: {$gt: 5}}}, or an equality {@code {qty: 5}} as {@code $eq}):
 * {@code {operatorName, specifiedAs, reason, consideredValue(s)}}, with "field was missing" for a
 * missing path and "type did not match" (with {@code consideredType} and {@code expectedType}) for
 * values none of which has a type the operator works on. At most {@value #MAX_CONSIDERED} values
 * are listed, as in MongoDB.
 */
record LeafClause(
    String operator, BsonDocument specifiedAs, FieldPath path, Filter filter, LeafKind kind)
    implements Clause {

  static final int MAX_CONSIDERED = 10;

  @Override
  public boolean matches(BsonDocument document) {
    return filter.matches(document);
  }

  @Override
  public BsonDocument explain(BsonDocument document, boolean inverted) {
    BsonDocument details =
        new BsonDocument("operatorName", new BsonString(operator))
            .append("specifiedAs", specifiedAs);
    PathValues reached = path.resolve(document);
    List<BsonValue> considered = considered(reached);
    boolean exists = !reached.values().isEmpty();
    if (!kind.reportsValues()) {
      return details.append("reason", new BsonString(inverted ? kind.inverted() : kind.normal()));
    }
    if (!exists) {
      details.append("reason", new BsonString("field was missing"));
    } else if (!kind.expected().isEmpty()
        && considered.stream().noneMatch(v -> kind.expected().contains(v.getBsonType()))) {
      details.append("reason", new BsonString("type did not match"));
      appendTypes(
          details, "consideredType", considered.stream().map(BsonValue::getBsonType).toList());
      appendTypes(details, "expectedType", List.copyOf(kind.expected()));
    } else {
      details.append("reason", new BsonString(inverted ? kind.inverted() : kind.normal()));
    }
    if (exists) {
      appendConsidered(details, considered);
      if (kind.reportsTypes() && !considered.isEmpty()) {
        appendTypes(
            details, "consideredType", considered.stream().map(BsonValue::getBsonType).toList());
      }
    }
    return details;
  }

  private List<BsonValue> considered(PathValues reached) {
    if (!kind.traverse()) {
      return reached.values();
    }
    List<BsonValue> values = new ArrayList<>();
    for (BsonValue value : reached.values()) {
      if (value.isArray()) {
        values.addAll(value.asArray().getValues());
      } else {
        values.add(value);
      }
    }
    return values;
  }

  private static void appendConsidered(BsonDocument details, List<BsonValue> considered) {
    if (considered.size() == 1) {
      details.append("consideredValue", considered.getFirst());
      return;
    }
    boolean truncated = considered.size() > MAX_CONSIDERED;
    List<BsonValue> listed = truncated ? considered.subList(0, MAX_CONSIDERED) : considered;
    details.append("consideredValues", new BsonArray(listed));
    if (truncated) {
      details.append("consideredValuesTruncated", BsonBoolean.TRUE);
    }
  }

  /** {@code name: "int"}, or {@code names: ["int", "string"]} (sorted) for several types. */
  private static void appendTypes(BsonDocument details, String name, List<BsonType> types) {
    TreeSet<String> names = new TreeSet<>();
    types.forEach(type -> names.add(BsonTypeAliases.nameOf(type)));
    if (names.size() == 1) {
      details.append(name, new BsonString(names.first()));
    } else {
      BsonArray array = new BsonArray();
      names.forEach(n -> array.add(new BsonString(n)));
      details.append(name + "s", array);
    }
  }
}
