package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.parquet.ColumnExactness;
import dev.mongolake.delta.parquet.ColumnType;
import dev.mongolake.delta.parquet.DocumentFileLayout;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.PromotedColumn;
import dev.mongolake.delta.variant.BsonVariantCodec;
import dev.mongolake.delta.variant.EncodedVariant;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * Writes one document per row: {@code _id}, the Variant, and each promoted column whose value fits
 * (null otherwise). Not thread-safe, like every WriteSupport.
 */
public final class DocumentWriteSupport extends WriteSupport<BsonDocument> {
  private final IdEncoding idEncoding;
  private final DocumentSchema schema;
  private final MessageType messageType;
  private final Map<String, PromotedColumn> columnsByPath = new HashMap<>();
  private final Map<PromotedColumn, List<String>> segments = new HashMap<>();
  // Columns some document written so far made inexact (see ColumnExactness).
  private final Set<String> inexact = new HashSet<>();
  private final Set<BsonType> idTypes = EnumSet.noneOf(BsonType.class);
  private RecordConsumer consumer;

  public DocumentWriteSupport(IdEncoding idEncoding, DocumentSchema schema) {
    this.idEncoding = idEncoding;
    this.schema = schema;
    this.messageType = DocumentMessageType.of(idEncoding, schema);
    for (PromotedColumn column : schema.columns()) {
      columnsByPath.put(column.path(), column);
      segments.put(column, column.segments());
    }
  }

  public MessageType messageType() {
    return messageType;
  }

  @Deprecated // the Hadoop-typed overload parquet-java still declares abstract
  @Override
  public WriteContext init(org.apache.hadoop.conf.Configuration configuration) {
    return context();
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    return context();
  }

  /** The footer metadata every document file carries. */
  public Map<String, String> footerMetadata() {
    return context().getExtraMetaData();
  }

  private WriteContext context() {
    return new WriteContext(
        messageType,
        Map.of(
            DocumentFileLayout.ID_ENCODING_KEY,
            idEncoding.name(),
            DocumentFileLayout.SCHEMA_KEY,
            schema.toConfig().toJson()));
  }

  /** Records, once every document is written, which promoted columns stayed exact. */
  @Override
  public FinalizedWriteContext finalizeWrite() {
    Map<String, String> metadata = new HashMap<>();
    metadata.put(DocumentFileLayout.EXACT_COLUMNS_KEY, ColumnExactness.footerValue(exactColumns()));
    if (idEncoding == IdEncoding.KEY && SortableIdKey.decodable(idTypes)) {
      String number =
          idTypes.contains(BsonType.INT32)
              ? BsonType.INT32.name()
              : idTypes.contains(BsonType.INT64) ? BsonType.INT64.name() : "";
      metadata.put(DocumentFileLayout.EXACT_ID_KEY, number);
    }
    return new FinalizedWriteContext(metadata);
  }

  /** The promoted columns exact in every document written so far, in schema order. */
  public Set<String> exactColumns() {
    Set<String> exact = new LinkedHashSet<>();
    for (PromotedColumn column : schema.columns()) {
      if (!inexact.contains(column.path())) {
        exact.add(column.path());
      }
    }
    return exact;
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.consumer = recordConsumer;
  }

  @Override
  public void write(BsonDocument document) {
    consumer.startMessage();
    writeFields(document);
    consumer.endMessage();
  }

  /**
   * Writes the document's fields into the message the consumer has started, so that a wrapping
   * write support can append columns of its own (as change data files append {@code _change_type}).
   */
  public void writeFields(BsonDocument document) {
    EncodedVariant variant = BsonVariantCodec.encode(document);
    for (PromotedColumn column : schema.columns()) {
      if (!inexact.contains(column.path())
          && !ColumnExactness.holds(column, segments.get(column), document)) {
        inexact.add(column.path());
      }
    }
    BsonValue id = document.get(DocumentFileLayout.ID_COLUMN);
    idTypes.add(id.getBsonType());
    if (id.isString() && !ColumnExactness.wellFormed(id.asString().getValue())) {
      // Its key holds UTF-8, which cannot give the string back.
      idTypes.add(BsonType.SYMBOL);
    }
    consumer.startField(DocumentFileLayout.ID_COLUMN, 0);
    writeId(id);
    consumer.endField(DocumentFileLayout.ID_COLUMN, 0);
    consumer.startField(DocumentFileLayout.DOCUMENT_COLUMN, 1);
    consumer.startGroup();
    consumer.startField("metadata", 0);
    consumer.addBinary(Binary.fromConstantByteArray(variant.metadata()));
    consumer.endField("metadata", 0);
    consumer.startField("value", 1);
    consumer.addBinary(Binary.fromConstantByteArray(variant.value()));
    consumer.endField("value", 1);
    consumer.endGroup();
    consumer.endField(DocumentFileLayout.DOCUMENT_COLUMN, 1);
    writePromoted(messageType, 2, "", document);
  }

  private void writeId(BsonValue id) {
    switch (idEncoding) {
      case OBJECT_ID ->
          consumer.addBinary(Binary.fromString(id.asObjectId().getValue().toHexString()));
      case STRING ->
          consumer.addBinary(
              Binary.fromConstantByteArray(
                  id.asString().getValue().getBytes(StandardCharsets.UTF_8)));
      case INT32 -> consumer.addInteger(id.asInt32().getValue());
      case INT64 -> consumer.addLong(id.asInt64().getValue());
      case KEY -> consumer.addBinary(Binary.fromConstantByteArray(SortableIdKey.of(id)));
    }
  }

  private void writePromoted(GroupType group, int firstField, String prefix, BsonDocument parent) {
    for (int i = firstField; i < group.getFieldCount(); i++) {
      Type field = group.getType(i);
      String path = prefix + field.getName();
      BsonValue value = parent.get(field.getName());
      if (value == null) {
        continue;
      }
      PromotedColumn column = columnsByPath.get(path);
      if (column == null) {
        if (value.isDocument()) {
          consumer.startField(field.getName(), i);
          consumer.startGroup();
          writePromoted(field.asGroupType(), 0, path + ".", value.asDocument());
          consumer.endGroup();
          consumer.endField(field.getName(), i);
        }
      } else if (column.list()) {
        if (value.isArray() && value.asArray().stream().allMatch(column.type()::fits)) {
          consumer.startField(field.getName(), i);
          writeList(column.type(), value.asArray());
          consumer.endField(field.getName(), i);
        }
      } else if (column.type().fits(value)) {
        consumer.startField(field.getName(), i);
        writeScalar(column.type(), value);
        consumer.endField(field.getName(), i);
      }
    }
  }

  private void writeList(ColumnType type, BsonArray values) {
    consumer.startGroup();
    if (!values.isEmpty()) {
      consumer.startField("list", 0);
      for (BsonValue element : values) {
        consumer.startGroup();
        consumer.startField("element", 0);
        writeScalar(type, element);
        consumer.endField("element", 0);
        consumer.endGroup();
      }
      consumer.endField("list", 0);
    }
    consumer.endGroup();
  }

  private void writeScalar(ColumnType type, BsonValue value) {
    switch (type) {
      case STRING -> consumer.addBinary(Binary.fromString(value.asString().getValue()));
      case INT -> consumer.addInteger(value.asInt32().getValue());
      case LONG -> consumer.addLong(value.asNumber().longValue());
      case DOUBLE -> consumer.addDouble(value.asNumber().doubleValue());
      case BOOL -> consumer.addBoolean(value.asBoolean().getValue());
      case TIMESTAMP -> consumer.addLong(value.asDateTime().getValue() * 1000);
    }
  }
}
