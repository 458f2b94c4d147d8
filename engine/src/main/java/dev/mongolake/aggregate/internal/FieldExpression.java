package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The expressions {@code $group} needs: constants, field paths ({@code "$a.b"}, walking arrays as
 * MongoDB's expressions do) and documents of expressions ({@code {k: "$a"}}). Other operator
 * expressions wait for the expression engine and are refused clearly.
 */
public final class FieldExpression {

  private final BsonValue constant;
  private final String[] path;
  private final Map<String, FieldExpression> fields;

  private FieldExpression(BsonValue constant, String[] path, Map<String, FieldExpression> fields) {
    this.constant = constant;
    this.path = path;
    this.fields = fields;
  }

  /** A constant value ({@code $literal}): never read as a field path or sub-document. */
  public static FieldExpression constant(BsonValue value) {
    return new FieldExpression(value, null, null);
  }

  /** Reads an expression: a {@code "$path"} string, a document of expressions, or a constant. */
  public static FieldExpression parse(BsonValue value) {
    if (value.isString() && value.asString().getValue().startsWith("$")) {
      String text = value.asString().getValue();
      if (text.startsWith("$$")) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            "Cannot evaluate '" + text + "': variables are not supported yet");
      }
      return new FieldExpression(null, text.substring(1).split("\\."), null);
    }
    if (value.isDocument()) {
      BsonDocument document = value.asDocument();
      if (!document.isEmpty() && document.getFirstKey().startsWith("$")) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            "Cannot evaluate expression operator '"
                + document.getFirstKey()
                + "': expression operators are not supported yet");
      }
      Map<String, FieldExpression> fields = new LinkedHashMap<>();
      document.forEach((name, inner) -> fields.put(name, parse(inner)));
      return new FieldExpression(null, null, fields);
    }
    return new FieldExpression(value, null, null);
  }

  /** The value, or {@code null} when a field path reaches nothing (MongoDB's "missing"). */
  public BsonValue evaluate(BsonDocument document) {
    if (constant != null) {
      return constant;
    }
    if (path != null) {
      return walk(document, 0);
    }
    BsonDocument out = new BsonDocument();
    fields.forEach(
        (name, expression) -> {
          BsonValue value = expression.evaluate(document);
          if (value != null) {
            out.put(name, value);
          }
        });
    return out;
  }

  private BsonValue walk(BsonValue current, int index) {
    if (index == path.length) {
      return current;
    }
    if (current instanceof BsonDocument document) {
      BsonValue next = document.get(path[index]);
      return next == null ? null : walk(next, index + 1);
    }
    if (current instanceof BsonArray array) {
      BsonArray out = new BsonArray();
      for (BsonValue element : array) {
        BsonValue value = walk(element, index);
        if (value != null) {
          out.add(value);
        }
      }
      return out;
    }
    return null;
  }
}
