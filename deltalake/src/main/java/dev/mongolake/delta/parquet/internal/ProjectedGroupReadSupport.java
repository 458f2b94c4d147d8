package dev.mongolake.delta.parquet.internal;

import java.util.Map;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * Reads parquet-java's example {@link Group} rows, optionally projected to a subset of the file's
 * columns given in code (the stock GroupReadSupport takes it from a configuration string).
 */
public final class ProjectedGroupReadSupport extends ReadSupport<Group> {
  private final MessageType projection;

  /**
   * @param projection the columns to read, or {@code null} for all of them
   */
  public ProjectedGroupReadSupport(MessageType projection) {
    this.projection = projection;
  }

  @Override
  public ReadContext init(InitContext context) {
    MessageType fileSchema = context.getFileSchema();
    return new ReadContext(
        projection == null ? fileSchema : getSchemaForRead(fileSchema, projection));
  }

  @Deprecated // the Hadoop-typed overload parquet-java still declares abstract
  @Override
  public RecordMaterializer<Group> prepareForRead(
      org.apache.hadoop.conf.Configuration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return new GroupRecordConverter(readContext.getRequestedSchema());
  }

  @Override
  public RecordMaterializer<Group> prepareForRead(
      ParquetConfiguration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return new GroupRecordConverter(readContext.getRequestedSchema());
  }
}
