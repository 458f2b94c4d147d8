package dev.mongolake.delta.query.internal.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code patternProperties} and {@code additionalProperties} together, as MongoDB evaluates them:
 * each field whose name a pattern finds matches that pattern's schema; a field neither named by
 * {@code properties} nor found by a pattern is additional, and must match {@code
 * additionalProperties} (a schema, or {@code false}: not allowed). At the top level {@code _id} is
 * a field like any other.
 *
 * @param additional the schema for additional fields, or null when they are not allowed
 * @param additionalAllowed whether additional fields are allowed without a schema
 */
record AllowedPropertiesKeyword(
    Set<String> named,
    List<PatternProperty> patterns,
    Subschema additional,
    boolean additionalAllowed)
    implements SchemaKeyword {

  /** One {@code patternProperties} entry. */
  record PatternProperty(String regex, Pattern pattern, Subschema schema) {}

  AllowedPropertiesKeyword {
    named = Set.copyOf(named);
    patterns = List.copyOf(patterns);
  }

  @Override
  public boolean matches(BsonValue value) {
    if (!Restriction.OBJECT.appliesTo(value)) {
      return true;
    }
    for (Map.Entry<String, BsonValue> field : value.asDocument().entrySet()) {
      for (PatternProperty property : patterns) {
        if (found(property, field.getKey()) && !property.schema().matches(field.getValue())) {
          return false;
        }
      }
      if (isAdditional(field.getKey()) && !additionalMatches(field.getValue())) {
        return false;
      }
    }
    return true;
  }

  private boolean isAdditional(String name) {
    return !named.contains(name) && patterns.stream().noneMatch(p -> found(p, name));
  }

  private boolean additionalMatches(BsonValue field) {
    return additional != null ? additional.matches(field) : additionalAllowed;
  }

  private static boolean found(PatternProperty property, String name) {
    return property.pattern().matcher(name).find();
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    BsonDocument document = value.asDocument();
    List<BsonDocument> details = new ArrayList<>(2);
    BsonArray additionalNames = new BsonArray();
    String failingAdditional = null;
    for (Map.Entry<String, BsonValue> field : document.entrySet()) {
      if (isAdditional(field.getKey())) {
        additionalNames.add(new BsonString(field.getKey()));
        if (failingAdditional == null && !additionalMatches(field.getValue())) {
          failingAdditional = field.getKey();
        }
      }
    }
    if (failingAdditional != null && additional == null) {
      details.add(
          Details.specified("additionalProperties", BsonBoolean.FALSE)
              .append("additionalProperties", additionalNames));
    } else if (failingAdditional != null) {
      details.add(
          additional
              .annotate(Details.operator("additionalProperties"))
              .append(
                  "reason",
                  new BsonString("at least one additional property did not match the subschema"))
              .append("failingProperty", new BsonString(failingAdditional))
              .append("details", additional.explain(document.get(failingAdditional))));
    }
    BsonArray patternFailures = new BsonArray();
    for (PatternProperty property : patterns) {
      for (Map.Entry<String, BsonValue> field : document.entrySet()) {
        if (found(property, field.getKey()) && !property.schema().matches(field.getValue())) {
          BsonDocument entry = new BsonDocument("propertyName", new BsonString(field.getKey()));
          patternFailures.add(
              property
                  .schema()
                  .annotate(entry)
                  .append("regexMatched", new BsonString(property.regex()))
                  .append("details", property.schema().explain(field.getValue())));
          break;
        }
      }
    }
    if (!patternFailures.isEmpty()) {
      details.add(Details.operator("patternProperties").append("details", patternFailures));
    }
    return details;
  }
}
