package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.bson.BsonDocument;

/**
 * Writes Delta change data rows: a document file's columns followed by the required string column
 * {@code _change_type}, as Delta's change data files hold the table's columns plus that one.
 */
public final class ChangeDataWriteSupport extends WriteSupport<ChangeDataWriteSupport.Row> {
  /** The column Delta names the change in. */
  public static final String CHANGE_TYPE_COLUMN = "_change_type";

  /** A document and its change type ({@code insert}, {@code update_preimage}, ...). */
  public record Row(BsonDocument document, String changeType) {}

  private final DocumentWriteSupport documents;
  private final MessageType messageType;
  private RecordConsumer consumer;

  public ChangeDataWriteSupport(IdEncoding idEncoding, DocumentSchema schema) {
    this.documents = new DocumentWriteSupport(idEncoding, schema);
    List<Type> fields = new ArrayList<>(documents.messageType().getFields());
    fields.add(
        Types.required(PrimitiveTypeName.BINARY)
            .as(LogicalTypeAnnotation.stringType())
            .named(CHANGE_TYPE_COLUMN));
    this.messageType = new MessageType("change", fields);
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

  private WriteContext context() {
    return new WriteContext(messageType, Map.copyOf(documents.footerMetadata()));
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.consumer = recordConsumer;
    documents.prepareForWrite(recordConsumer);
  }

  @Override
  public void write(Row row) {
    consumer.startMessage();
    documents.writeFields(row.document());
    int index = messageType.getFieldCount() - 1;
    consumer.startField(CHANGE_TYPE_COLUMN, index);
    consumer.addBinary(Binary.fromString(row.changeType()));
    consumer.endField(CHANGE_TYPE_COLUMN, index);
    consumer.endMessage();
  }
}
