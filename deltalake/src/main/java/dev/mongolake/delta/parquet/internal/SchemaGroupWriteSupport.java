package dev.mongolake.delta.parquet.internal;

import java.util.Map;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.GroupWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Writes parquet-java's example {@link Group} rows with a schema given in code, where the stock
 * GroupWriteSupport reads it from a Hadoop configuration.
 */
public final class SchemaGroupWriteSupport extends WriteSupport<Group> {
  private final MessageType schema;
  private final Map<String, String> keyValueMetadata;
  private GroupWriter writer;

  public SchemaGroupWriteSupport(MessageType schema, Map<String, String> keyValueMetadata) {
    this.schema = schema;
    this.keyValueMetadata = Map.copyOf(keyValueMetadata);
  }

  @Deprecated // the Hadoop-typed overload parquet-java still declares abstract
  @Override
  public WriteContext init(org.apache.hadoop.conf.Configuration configuration) {
    return new WriteContext(schema, keyValueMetadata);
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    return new WriteContext(schema, keyValueMetadata);
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    writer = new GroupWriter(recordConsumer, schema);
  }

  @Override
  public void write(Group record) {
    writer.write(record);
  }
}
