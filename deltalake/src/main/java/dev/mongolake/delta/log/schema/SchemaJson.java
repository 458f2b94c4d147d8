package dev.mongolake.delta.log.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mongolake.delta.exceptions.DeltaException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and writes the Delta schema serialization format (the {@code schemaString} of a {@code
 * metaData} action): a subset of Spark SQL's JSON schema. Stateless and thread-safe.
 */
public final class SchemaJson {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Pattern DECIMAL =
      Pattern.compile("decimal\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\)");

  private SchemaJson() {}

  /**
   * Parses a schema string.
   *
   * @throws DeltaException if the text is not valid JSON or not a struct schema
   */
  public static StructType parse(String schemaString) {
    JsonNode root;
    try {
      root = MAPPER.readTree(schemaString);
    } catch (JsonProcessingException e) {
      throw new DeltaException("Cannot parse schema " + abbreviate(schemaString) + ": not JSON", e);
    }
    if (root == null || !(readType(root) instanceof StructType struct)) {
      throw new DeltaException(
          "Cannot parse schema " + abbreviate(schemaString) + ": the top level is not a struct");
    }
    return struct;
  }

  /** Writes a schema as compact single-line JSON, as the protocol requires in the log. */
  public static String write(StructType schema) {
    return toNode(schema).toString();
  }

  /** A type as a JSON node: a string for primitive types, an object for the others. */
  public static JsonNode toNode(DataType type) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    return switch (type) {
      case PrimitiveType p -> f.textNode(p.name());
      case DecimalType d -> f.textNode("decimal(" + d.precision() + "," + d.scale() + ")");
      case VariantType v -> f.textNode("variant");
      case ArrayType a -> {
        ObjectNode node = f.objectNode();
        node.put("type", "array");
        node.set("elementType", toNode(a.elementType()));
        node.put("containsNull", a.containsNull());
        yield node;
      }
      case MapType m -> {
        ObjectNode node = f.objectNode();
        node.put("type", "map");
        node.set("keyType", toNode(m.keyType()));
        node.set("valueType", toNode(m.valueType()));
        node.put("valueContainsNull", m.valueContainsNull());
        yield node;
      }
      case StructType s -> {
        ObjectNode node = f.objectNode();
        node.put("type", "struct");
        ArrayNode fields = node.putArray("fields");
        for (StructField field : s.fields()) {
          ObjectNode fieldNode = fields.addObject();
          fieldNode.put("name", field.name());
          fieldNode.set("type", toNode(field.type()));
          fieldNode.put("nullable", field.nullable());
          fieldNode.set("metadata", MAPPER.valueToTree(field.metadata()));
        }
        yield node;
      }
    };
  }

  private static DataType readType(JsonNode node) {
    if (node.isTextual()) {
      return primitive(node.asText());
    }
    if (!node.isObject()) {
      throw new DeltaException("Cannot parse schema type " + node + ": not a string or object");
    }
    String kind = node.path("type").asText();
    return switch (kind) {
      case "struct" -> readStruct(node);
      case "array" ->
          new ArrayType(
              readType(required(node, "elementType")), node.path("containsNull").asBoolean(true));
      case "map" ->
          new MapType(
              readType(required(node, "keyType")),
              readType(required(node, "valueType")),
              node.path("valueContainsNull").asBoolean(true));
      default -> throw new DeltaException("Cannot parse schema type " + node + ": unknown kind");
    };
  }

  private static StructType readStruct(JsonNode node) {
    List<StructField> fields = new ArrayList<>();
    for (JsonNode field : node.path("fields")) {
      Map<String, Object> metadata = new LinkedHashMap<>();
      JsonNode meta = field.path("metadata");
      if (meta.isObject()) {
        meta.properties()
            .forEach(
                e -> metadata.put(e.getKey(), MAPPER.convertValue(e.getValue(), Object.class)));
      }
      fields.add(
          new StructField(
              required(field, "name").asText(),
              readType(required(field, "type")),
              field.path("nullable").asBoolean(true),
              metadata));
    }
    try {
      return new StructType(fields);
    } catch (IllegalArgumentException e) {
      throw new DeltaException(e.getMessage(), e);
    }
  }

  /**
   * A primitive or decimal type from its name in the schema JSON ({@code "long"}, {@code
   * "decimal(10,2)"}), as the {@code fromType} and {@code toType} of a type change name it.
   */
  public static DataType parsePrimitive(String name) {
    return primitive(name);
  }

  private static DataType primitive(String name) {
    if (name.equals("variant")) {
      return VariantType.INSTANCE;
    }
    if (name.equals("decimal")) {
      return new DecimalType(10, 0);
    }
    Matcher m = DECIMAL.matcher(name);
    if (m.matches()) {
      return new DecimalType(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }
    return new PrimitiveType(name);
  }

  private static JsonNode required(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      throw new DeltaException("Cannot parse schema element " + node + ": no " + field);
    }
    return value;
  }

  private static String abbreviate(String text) {
    return text == null || text.length() <= 80
        ? String.valueOf(text)
        : text.substring(0, 80) + "...";
  }
}
