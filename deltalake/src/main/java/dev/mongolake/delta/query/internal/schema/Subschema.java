package dev.mongolake.delta.query.internal.schema;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A parsed schema object: its keywords in the order MongoDB evaluates and reports them, and its
 * {@code title} and {@code description} (null when absent), which error details repeat.
 */
public record Subschema(List<SchemaKeyword> keywords, String title, String description) {
  public Subschema {
    keywords = List.copyOf(keywords);
  }

  /** Whether {@code value} (null when missing) satisfies every keyword. */
  public boolean matches(BsonValue value) {
    for (SchemaKeyword keyword : keywords) {
      if (!keyword.matches(value)) {
        return false;
      }
    }
    return true;
  }

  /** The details of every keyword {@code value} fails, in order. */
  public BsonArray explain(BsonValue value) {
    List<BsonValue> details = new ArrayList<>();
    for (SchemaKeyword keyword : keywords) {
      if (!keyword.matches(value)) {
        details.addAll(keyword.explain(value));
      }
    }
    return new BsonArray(details);
  }

  /** Appends {@code title} and {@code description} to {@code target}, as MongoDB annotates. */
  public BsonDocument annotate(BsonDocument target) {
    if (title != null) {
      target.append("title", new BsonString(title));
    }
    if (description != null) {
      target.append("description", new BsonString(description));
    }
    return target;
  }
}
