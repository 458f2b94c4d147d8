package dev.mongolake.server.authz;

import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * A command document as MongoDB prints it in an Unauthorized message: {@code { insert: "items",
 * ordered: true, $db: "app" }}, field names bare, passwords replaced by {@code "xxx"} (as MongoDB
 * redacts them), cut off after {@value #LIMIT} characters so that a large insert does not echo its
 * documents back.
 */
public final class CommandText {

  static final int LIMIT = 512;

  private static final Set<String> SECRET_FIELDS = Set.of("pwd", "payload");

  private static final JsonWriterSettings VALUE =
      JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();

  private CommandText() {}

  /** {@code command} with its password fields replaced by {@code "xxx"}, for showing it. */
  public static BsonDocument redacted(BsonDocument command) {
    BsonDocument shown = new BsonDocument();
    command.forEach(
        (field, value) ->
            shown.append(field, SECRET_FIELDS.contains(field) ? new BsonString("xxx") : value));
    return shown;
  }

  /** The text of {@code command}. */
  public static String of(BsonDocument command) {
    StringBuilder text = new StringBuilder();
    append(text, command);
    if (text.length() > LIMIT) {
      text.setLength(LIMIT);
      text.append(" ...");
    }
    return text.toString();
  }

  private static void append(StringBuilder text, BsonValue value) {
    if (text.length() > LIMIT) {
      return;
    }
    switch (value) {
      case BsonDocument document -> {
        if (document.isEmpty()) {
          text.append("{}");
          return;
        }
        text.append("{ ");
        boolean first = true;
        for (Map.Entry<String, BsonValue> field : document.entrySet()) {
          if (!first) {
            text.append(", ");
          }
          first = false;
          text.append(field.getKey()).append(": ");
          if (SECRET_FIELDS.contains(field.getKey())) {
            text.append("\"xxx\"");
          } else {
            append(text, field.getValue());
          }
        }
        text.append(" }");
      }
      case BsonArray array -> {
        if (array.isEmpty()) {
          text.append("[]");
          return;
        }
        text.append("[ ");
        for (int i = 0; i < array.size(); i++) {
          if (i > 0) {
            text.append(", ");
          }
          append(text, array.get(i));
        }
        text.append(" ]");
      }
      default -> {
        // One value rendered as relaxed Extended JSON: {"v": <value>} without its wrapper.
        String json = new BsonDocument("v", value).toJson(VALUE);
        text.append(json, json.indexOf(':') + 2, json.length() - 1);
      }
    }
  }
}
