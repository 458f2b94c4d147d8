package dev.mongolake.delta.log.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroup;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Builds a Parquet example {@link Group} row from a JSON action row ({@code {"add":{...}}}) by the
 * checkpoint schema; JSON fields the schema does not have are dropped, absent ones stay null.
 */
final class GroupFromJson {
  private GroupFromJson() {}

  static Group row(MessageType schema, JsonNode json) {
    SimpleGroup group = new SimpleGroup(schema);
    fill(group, schema, json);
    return group;
  }

  private static void fill(Group group, GroupType type, JsonNode json) {
    for (int i = 0; i < type.getFieldCount(); i++) {
      Type field = type.getType(i);
      JsonNode value = json.get(field.getName());
      if (value == null || value.isNull()) {
        continue;
      }
      if (field.isPrimitive()) {
        addPrimitive(group, i, field.asPrimitiveType(), value);
        continue;
      }
      GroupType fieldType = field.asGroupType();
      Group child = group.addGroup(i);
      LogicalTypeAnnotation logical = fieldType.getLogicalTypeAnnotation();
      if (logical instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation) {
        for (Map.Entry<String, JsonNode> entry : value.properties()) {
          Group kv = child.addGroup(0);
          kv.add(0, entry.getKey());
          if (!entry.getValue().isNull()) {
            kv.add(1, entry.getValue().asText());
          }
        }
      } else if (logical instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
        for (JsonNode element : value) {
          Group item = child.addGroup(0);
          if (!element.isNull()) {
            item.add(0, element.asText());
          }
        }
      } else {
        fill(child, fieldType, value);
      }
    }
  }

  private static void addPrimitive(Group group, int index, PrimitiveType type, JsonNode value) {
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN -> group.add(index, value.asBoolean());
      case INT32 -> group.add(index, value.asInt());
      case INT64 -> group.add(index, value.asLong());
      case DOUBLE -> group.add(index, value.asDouble());
      case FLOAT -> group.add(index, (float) value.asDouble());
      default -> group.add(index, value.isTextual() ? value.asText() : value.toString());
    }
  }
}
