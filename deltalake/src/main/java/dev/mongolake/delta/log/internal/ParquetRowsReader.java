package dev.mongolake.delta.log.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.ParquetFiles;
import dev.mongolake.delta.parquet.internal.ProjectedGroupReadSupport;
import dev.mongolake.delta.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Reads a checkpoint-shaped Parquet file (one optional struct column per action type) into JSON
 * rows shaped like commit-file lines, so one decoder serves commits and checkpoints. Maps become
 * JSON objects, lists JSON arrays; the typed {@code stats_parsed} and {@code
 * partitionValues_parsed} columns are skipped (the JSON forms are authoritative for this reader).
 */
final class ParquetRowsReader {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final Set<String> SKIPPED = Set.of("stats_parsed", "partitionValues_parsed");

  private ParquetRowsReader() {}

  /**
   * Reads the rows of a Parquet file, only the top-level columns in {@code columns} (all when
   * null).
   */
  static List<Action> readActions(Storage storage, String path, Set<String> columns) {
    List<Action> actions = new ArrayList<>();
    int[] row = {0};
    forEachRow(
        storage,
        path,
        columns,
        group -> {
          row[0]++;
          GroupType type = group.getType();
          for (int i = 0; i < type.getFieldCount(); i++) {
            if (group.getFieldRepetitionCount(i) == 0) {
              continue;
            }
            Type field = type.getType(i);
            if (field.getName().equals("add") && !field.isPrimitive()) {
              AddFile add = AddFileFromGroup.add(group.getGroup(i, 0));
              if (add.path() == null) {
                throw new DeltaException(
                    "Cannot read " + path + " row " + row[0] + ": add action has no path");
              }
              actions.add(add);
            } else {
              ObjectNode wrapped = JSON.objectNode();
              wrapped.set(field.getName(), value(group, i, 0, field));
              ActionCodec.decode(wrapped, path + " row " + row[0]).ifPresent(actions::add);
            }
          }
        });
    return actions;
  }

  private static void forEachRow(
      Storage storage, String path, Set<String> columns, Consumer<Group> consumer) {
    try {
      InputFile file = ParquetFiles.inputFile(storage, path);
      MessageType fileSchema = ParquetFiles.footer(file).getFileMetaData().getSchema();
      MessageType readSchema = project(fileSchema, columns);
      if (readSchema.getFieldCount() == 0) {
        return;
      }
      try (ParquetReader<Group> reader =
          ParquetFiles.reader(file, new ProjectedGroupReadSupport(readSchema), FilterCompat.NOOP)) {
        for (Group row = reader.read(); row != null; row = reader.read()) {
          consumer.accept(row);
        }
      }
    } catch (DeltaException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new DeltaException("Cannot read checkpoint " + path + ": " + e.getMessage(), e);
    }
  }

  private static MessageType project(MessageType schema, Set<String> columns) {
    if (columns == null) {
      return schema;
    }
    List<Type> kept =
        schema.getFields().stream().filter(f -> columns.contains(f.getName())).toList();
    return new MessageType(schema.getName(), kept);
  }

  private static ObjectNode struct(Group group, GroupType type) {
    ObjectNode node = JSON.objectNode();
    for (int i = 0; i < type.getFieldCount(); i++) {
      Type field = type.getType(i);
      if (SKIPPED.contains(field.getName()) || group.getFieldRepetitionCount(i) == 0) {
        continue;
      }
      node.set(field.getName(), value(group, i, 0, field));
    }
    return node;
  }

  private static JsonNode value(Group group, int field, int index, Type type) {
    if (type.isPrimitive()) {
      return primitive(group, field, index, type.asPrimitiveType());
    }
    Group child = group.getGroup(field, index);
    GroupType childType = type.asGroupType();
    LogicalTypeAnnotation logical = childType.getLogicalTypeAnnotation();
    if (logical instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || childType.getOriginalType() == org.apache.parquet.schema.OriginalType.MAP_KEY_VALUE) {
      return map(child, childType);
    }
    if (logical instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      return list(child, childType);
    }
    return struct(child, childType);
  }

  private static JsonNode map(Group map, GroupType type) {
    ObjectNode node = JSON.objectNode();
    if (type.getFieldCount() == 0) {
      return node;
    }
    GroupType entryType = type.getType(0).asGroupType();
    for (int j = 0; j < map.getFieldRepetitionCount(0); j++) {
      Group entry = map.getGroup(0, j);
      String key = value(entry, 0, 0, entryType.getType(0)).asText();
      boolean hasValue = entryType.getFieldCount() > 1 && entry.getFieldRepetitionCount(1) > 0;
      node.set(key, hasValue ? value(entry, 1, 0, entryType.getType(1)) : JSON.nullNode());
    }
    return node;
  }

  private static JsonNode list(Group list, GroupType type) {
    ArrayNode node = JSON.arrayNode();
    if (type.getFieldCount() == 0) {
      return node;
    }
    Type repeated = type.getType(0);
    for (int j = 0; j < list.getFieldRepetitionCount(0); j++) {
      if (repeated.isPrimitive() || repeated.asGroupType().getFieldCount() != 1) {
        node.add(value(list, 0, j, repeated));
      } else {
        Group element = list.getGroup(0, j);
        Type elementType = repeated.asGroupType().getType(0);
        node.add(
            element.getFieldRepetitionCount(0) == 0
                ? JSON.nullNode()
                : value(element, 0, 0, elementType));
      }
    }
    return node;
  }

  private static JsonNode primitive(Group group, int field, int index, PrimitiveType type) {
    return switch (type.getPrimitiveTypeName()) {
      case BOOLEAN -> JSON.booleanNode(group.getBoolean(field, index));
      case INT32 -> JSON.numberNode(group.getInteger(field, index));
      case INT64 -> JSON.numberNode(group.getLong(field, index));
      case FLOAT -> JSON.numberNode(group.getFloat(field, index));
      case DOUBLE -> JSON.numberNode(group.getDouble(field, index));
      case BINARY, FIXED_LEN_BYTE_ARRAY -> JSON.textNode(group.getString(field, index));
      case INT96 -> JSON.nullNode();
    };
  }
}
