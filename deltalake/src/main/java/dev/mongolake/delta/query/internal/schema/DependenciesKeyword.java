package dev.mongolake.delta.query.internal.schema;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code dependencies}: when a document has the field {@code property}, it also has the listed
 * fields (a property dependency) or matches the schema (a schema dependency).
 */
record DependenciesKeyword(List<Dependency> dependencies) implements SchemaKeyword {

  /** One dependency: {@code fields} for a property dependency, else {@code schema}. */
  record Dependency(String property, List<String> fields, Subschema schema) {
    boolean holds(BsonDocument document) {
      if (!document.containsKey(property)) {
        return true;
      }
      return schema != null ? schema.matches(document) : missing(document).isEmpty();
    }

    BsonArray missing(BsonDocument document) {
      BsonArray missing = new BsonArray();
      fields.stream()
          .filter(field -> !document.containsKey(field))
          .forEach(field -> missing.add(new BsonString(field)));
      return missing;
    }
  }

  DependenciesKeyword {
    dependencies = List.copyOf(dependencies);
  }

  @Override
  public boolean matches(BsonValue value) {
    return !Restriction.OBJECT.appliesTo(value)
        || dependencies.stream().allMatch(d -> d.holds(value.asDocument()));
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    BsonDocument document = value.asDocument();
    List<BsonValue> failing = new ArrayList<>();
    for (Dependency dependency : dependencies) {
      if (dependency.holds(document)) {
        continue;
      }
      BsonDocument entry =
          new BsonDocument("conditionalProperty", new BsonString(dependency.property()));
      failing.add(
          dependency.schema() != null
              ? entry.append("details", dependency.schema().explain(document))
              : entry.append("missingProperties", dependency.missing(document)));
    }
    return List.of(
        Details.operator("dependencies").append("failingDependencies", new BsonArray(failing)));
  }
}
