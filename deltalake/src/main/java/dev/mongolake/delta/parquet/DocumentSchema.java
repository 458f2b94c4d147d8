package dev.mongolake.delta.parquet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The promoted columns of a table: which document fields are also written as typed Parquet columns.
 * Parsed from the config form {@code {email: "string", createdAt: "timestamp", profile: {name:
 * "string"}, tags: ["string"]}}: a string names a column type, a document nests, and a one-element
 * array makes a list column.
 *
 * @param columns the promoted columns, in config order
 */
public record DocumentSchema(List<PromotedColumn> columns) {

  public DocumentSchema {
    columns = List.copyOf(columns);
    for (PromotedColumn a : columns) {
      for (PromotedColumn b : columns) {
        if (a != b && (a.path().equals(b.path()) || b.path().startsWith(a.path() + "."))) {
          throw new IllegalArgumentException(
              "Cannot promote column '" + b.path() + "': it overlaps '" + a.path() + "'");
        }
      }
    }
  }

  /** No promoted columns: files hold only {@code _id} and the document. */
  public static DocumentSchema empty() {
    return new DocumentSchema(List.of());
  }

  /**
   * Parses the config form.
   *
   * @throws IllegalArgumentException naming the offending field if the config is malformed
   */
  public static DocumentSchema parse(BsonDocument config) {
    List<PromotedColumn> columns = new ArrayList<>();
    collect("", config, columns);
    return new DocumentSchema(columns);
  }

  private static void collect(String prefix, BsonDocument config, List<PromotedColumn> out) {
    for (Map.Entry<String, BsonValue> entry : config.entrySet()) {
      String path = prefix + entry.getKey();
      BsonValue spec = entry.getValue();
      if (spec.isString()) {
        out.add(
            new PromotedColumn(path, ColumnType.fromConfigName(spec.asString().getValue()), false));
      } else if (spec.isArray() && spec.asArray().size() == 1 && spec.asArray().get(0).isString()) {
        String type = spec.asArray().get(0).asString().getValue();
        out.add(new PromotedColumn(path, ColumnType.fromConfigName(type), true));
      } else if (spec.isDocument() && !spec.asDocument().isEmpty()) {
        collect(path + ".", spec.asDocument(), out);
      } else {
        throw new IllegalArgumentException(
            "Cannot promote column '"
                + path
                + "': expected a type name, [type] or a document, got "
                + spec.getBsonType());
      }
    }
  }

  /** The config form, which {@link #parse} reads back to an equal schema. */
  public BsonDocument toConfig() {
    BsonDocument config = new BsonDocument();
    for (PromotedColumn column : columns) {
      BsonDocument parent = config;
      List<String> segments = column.segments();
      for (String segment : segments.subList(0, segments.size() - 1)) {
        if (!parent.containsKey(segment)) {
          parent.put(segment, new BsonDocument());
        }
        parent = parent.getDocument(segment);
      }
      BsonString type = new BsonString(column.type().configName());
      parent.put(segments.getLast(), column.list() ? new BsonArray(List.of(type)) : type);
    }
    return config;
  }
}
