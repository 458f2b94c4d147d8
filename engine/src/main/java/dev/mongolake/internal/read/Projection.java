package dev.mongolake.internal.read;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A find projection: inclusion ({@code {a: 1, "b.c": 1}}, {@code _id} kept unless excluded) or
 * exclusion ({@code {a: 0}}). Operators ({@code $slice}, {@code $elemMatch}, positional {@code $})
 * are refused clearly rather than ignored.
 */
public final class Projection {

  private final BsonDocument spec;
  private final boolean inclusion;
  private final boolean includeId;

  private Projection(BsonDocument spec, boolean inclusion, boolean includeId) {
    this.spec = spec;
    this.inclusion = inclusion;
    this.includeId = includeId;
  }

  /** Parses a projection; {@code null} or empty keeps whole documents. */
  public static Projection parse(BsonDocument spec) {
    if (spec == null || spec.isEmpty()) {
      return null;
    }
    Boolean inclusion = null;
    boolean includeId = true;
    for (Map.Entry<String, BsonValue> entry : spec.entrySet()) {
      String path = entry.getKey();
      BsonValue value = entry.getValue();
      if (path.endsWith(".$") || value.isDocument() || path.startsWith("$")) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            "Cannot project '" + path + "': projection operators are not supported yet");
      }
      boolean include = isTruthy(value);
      if (path.equals("_id")) {
        includeId = include;
        continue;
      }
      if (inclusion == null) {
        inclusion = include;
      } else if (inclusion != include) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            include
                ? "Cannot do inclusion on field " + path + " in exclusion projection"
                : "Cannot do exclusion on field " + path + " in inclusion projection");
      }
    }
    boolean isInclusion = inclusion == null ? !includeId : inclusion;
    return new Projection(spec, isInclusion, includeId);
  }

  private static boolean isTruthy(BsonValue value) {
    if (value.isBoolean()) {
      return value.asBoolean().getValue();
    }
    if (value.isNumber()) {
      return value.asNumber().doubleValue() != 0;
    }
    throw new MongoLakeException(
        ErrorCode.NOT_IMPLEMENTED,
        "Cannot project with value " + value + ": computed projections are not supported yet");
  }

  /** The projected copy of {@code document}. */
  public BsonDocument apply(BsonDocument document) {
    BsonDocument out;
    if (inclusion) {
      out = new BsonDocument();
      if (includeId && document.containsKey("_id")) {
        out.put("_id", document.get("_id"));
      }
      for (Map.Entry<String, BsonValue> field : document.entrySet()) {
        String name = field.getKey();
        if (name.equals("_id")) {
          continue;
        }
        BsonDocument nested = subSpec(name);
        if (spec.containsKey(name) && isTruthy(spec.get(name))) {
          out.put(name, field.getValue());
        } else if (!nested.isEmpty() && field.getValue() instanceof BsonDocument inner) {
          BsonDocument projected = new Projection(nested, true, false).apply(inner);
          if (!projected.isEmpty()) {
            out.put(name, projected);
          }
        }
      }
    } else {
      out = new BsonDocument();
      for (Map.Entry<String, BsonValue> field : document.entrySet()) {
        String name = field.getKey();
        if (name.equals("_id")) {
          if (includeId) {
            out.put(name, field.getValue());
          }
          continue;
        }
        if (spec.containsKey(name)) {
          continue;
        }
        BsonDocument nested = subSpec(name);
        if (!nested.isEmpty() && field.getValue() instanceof BsonDocument inner) {
          out.put(name, new Projection(nested, false, true).apply(inner));
        } else {
          out.put(name, field.getValue());
        }
      }
    }
    return out;
  }

  /**
   * The part of the spec below {@code field} ({@code "a.b": 1} gives {@code b: 1} for {@code a}).
   */
  private BsonDocument subSpec(String field) {
    BsonDocument nested = new BsonDocument();
    String prefix = field + ".";
    for (Map.Entry<String, BsonValue> entry : spec.entrySet()) {
      if (entry.getKey().startsWith(prefix)) {
        nested.put(entry.getKey().substring(prefix.length()), entry.getValue());
      }
    }
    return nested;
  }
}
