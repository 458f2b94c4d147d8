package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.parquet.DocumentFileLayout;
import dev.mongolake.delta.parquet.ParquetFileException;
import java.util.List;
import java.util.Map;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * Reads only the {@code _id} column of a document file and decodes nothing: every record is {@code
 * TRUE}. Under a record filter on {@code _id}, the records a reader returns are the rows holding
 * that id, and the reader's row index says where they are. A page of ids costs its decompression
 * and the filter's comparisons, not one decoded value per row.
 */
public final class IdPositionReadSupport extends ReadSupport<Boolean> {

  @Override
  public ReadContext init(InitContext context) {
    MessageType file = context.getFileSchema();
    if (!file.containsField(DocumentFileLayout.ID_COLUMN)) {
      throw new ParquetFileException(
          "Cannot read document file: it has no " + DocumentFileLayout.ID_COLUMN + " column");
    }
    return new ReadContext(
        new MessageType(file.getName(), List.of(file.getType(DocumentFileLayout.ID_COLUMN))));
  }

  @Deprecated // the Hadoop-typed overload parquet-java still declares abstract
  @Override
  public RecordMaterializer<Boolean> prepareForRead(
      org.apache.hadoop.conf.Configuration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return new Positions();
  }

  @Override
  public RecordMaterializer<Boolean> prepareForRead(
      ParquetConfiguration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return new Positions();
  }

  private static final class Positions extends RecordMaterializer<Boolean> {
    private final PrimitiveConverter ignored =
        new PrimitiveConverter() {
          @Override
          public void addBinary(Binary value) {}

          @Override
          public void addInt(int value) {}

          @Override
          public void addLong(long value) {}
        };

    private final GroupConverter root =
        new GroupConverter() {
          @Override
          public Converter getConverter(int fieldIndex) {
            return ignored;
          }

          @Override
          public void start() {}

          @Override
          public void end() {}
        };

    @Override
    public Boolean getCurrentRecord() {
      return Boolean.TRUE;
    }

    @Override
    public GroupConverter getRootConverter() {
      return root;
    }
  }
}
