package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.parquet.ColumnType;
import dev.mongolake.delta.parquet.DocumentFileLayout;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.PromotedColumn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/** Builds the Parquet schema of a document file (see {@code DocumentFileLayout}). */
public final class DocumentMessageType {
  private DocumentMessageType() {}

  public static MessageType of(IdEncoding idEncoding, DocumentSchema schema) {
    List<Type> fields = new ArrayList<>();
    fields.add(idColumn(idEncoding));
    fields.add(variantColumn());
    fields.addAll(promoted(schema.columns(), 0));
    return new MessageType("document", fields);
  }

  private static Type idColumn(IdEncoding encoding) {
    String name = DocumentFileLayout.ID_COLUMN;
    return switch (encoding) {
      case OBJECT_ID, STRING ->
          Types.required(PrimitiveTypeName.BINARY)
              .as(LogicalTypeAnnotation.stringType())
              .named(name);
      case INT32 -> Types.required(PrimitiveTypeName.INT32).named(name);
      case INT64 -> Types.required(PrimitiveTypeName.INT64).named(name);
      case KEY -> Types.required(PrimitiveTypeName.BINARY).named(name);
    };
  }

  private static Type variantColumn() {
    return Types.requiredGroup()
        .as(LogicalTypeAnnotation.variantType((byte) 1))
        .addField(Types.required(PrimitiveTypeName.BINARY).named("metadata"))
        .addField(Types.required(PrimitiveTypeName.BINARY).named("value"))
        .named(DocumentFileLayout.DOCUMENT_COLUMN);
  }

  /** Groups columns by their first remaining path segment, preserving config order. */
  private static List<Type> promoted(List<PromotedColumn> columns, int depth) {
    Map<String, List<PromotedColumn>> byHead = new LinkedHashMap<>();
    for (PromotedColumn column : columns) {
      byHead.computeIfAbsent(column.segments().get(depth), k -> new ArrayList<>()).add(column);
    }
    List<Type> types = new ArrayList<>();
    for (Map.Entry<String, List<PromotedColumn>> entry : byHead.entrySet()) {
      List<PromotedColumn> group = entry.getValue();
      PromotedColumn first = group.getFirst();
      if (group.size() == 1 && first.segments().size() == depth + 1) {
        types.add(leaf(first, entry.getKey()));
      } else {
        types.add(new GroupType(Repetition.OPTIONAL, entry.getKey(), promoted(group, depth + 1)));
      }
    }
    return types;
  }

  private static Type leaf(PromotedColumn column, String name) {
    if (!column.list()) {
      return scalar(column.type(), Repetition.OPTIONAL, name);
    }
    return Types.optionalList()
        .element(scalar(column.type(), Repetition.OPTIONAL, "element"))
        .named(name);
  }

  private static Type scalar(ColumnType type, Repetition repetition, String name) {
    return switch (type) {
      case STRING ->
          Types.primitive(PrimitiveTypeName.BINARY, repetition)
              .as(LogicalTypeAnnotation.stringType())
              .named(name);
      case INT -> Types.primitive(PrimitiveTypeName.INT32, repetition).named(name);
      case LONG -> Types.primitive(PrimitiveTypeName.INT64, repetition).named(name);
      case DOUBLE -> Types.primitive(PrimitiveTypeName.DOUBLE, repetition).named(name);
      case BOOL -> Types.primitive(PrimitiveTypeName.BOOLEAN, repetition).named(name);
      case TIMESTAMP ->
          Types.primitive(PrimitiveTypeName.INT64, repetition)
              .as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS))
              .named(name);
    };
  }
}
