package dev.mongolake.delta.parquet;

import static org.apache.parquet.filter2.predicate.FilterApi.gt;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;

import java.io.IOException;
import java.util.Set;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Writes and reads Parquet files with every codec, a filter and a bloom filter, and a document file
 * (Variant, promoted columns, statistics), then prints {@code ok}. Run by {@link
 * ParquetRuntimeClasspathTest} in a JVM whose classpath is exactly the module's runtime classpath,
 * so any class the Parquet path needs but the module does not ship fails it.
 */
public final class RuntimeClasspathProbe {
  private RuntimeClasspathProbe() {}

  public static void main(String[] args) throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message probe { required int64 id; optional binary name (STRING); }");
    CountingMemoryStorage storage = new CountingMemoryStorage();
    long total = 0;
    for (ParquetCodec codec : ParquetCodec.values()) {
      String path = "probe/" + codec + ".parquet";
      ParquetWriteOptions options =
          ParquetWriteOptions.defaults().withCodec(codec).withBloomFilterColumns(Set.of("id"));
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      try (ParquetWriter<Group> writer = ParquetFiles.groupWriter(storage, path, schema, options)) {
        for (long i = 0; i < 100; i++) {
          writer.write(groups.newGroup().append("id", i).append("name", "n" + i));
        }
      }
      try (ParquetReader<Group> reader =
          ParquetFiles.groupReader(
              storage, path, null, FilterCompat.get(gt(longColumn("id"), 89L)))) {
        for (Group row = reader.read(); row != null; row = reader.read()) {
          total++;
        }
      }
      ParquetFiles.footer(ParquetFiles.inputFile(storage, path));
    }
    try (DocumentFileWriter writer =
        DocumentFileWriter.open(
            storage,
            "docs",
            DocumentWriteOptions.defaults()
                .withSchema(
                    DocumentSchema.parse(
                        org.bson.BsonDocument.parse("{n: 'int', t: ['string']}"))))) {
      for (int i = 0; i < 10; i++) {
        writer.write(
            org.bson.BsonDocument.parse(
                "{_id: {$oid: '65a1b2c3d4e5f60718293a4"
                    + i
                    + "'}, n: "
                    + i
                    + ", t: ['x'],"
                    + " d: {$numberDecimal: '1.5'}, when: {$date: '2024-01-01T00:00:00Z'}}"));
      }
      for (WrittenDocumentFile file : writer.finish()) {
        total += DocumentFileReader.readAll(storage, file.path()).size();
        file.statistics().toDeltaJson();
      }
    }
    System.out.println("ok " + total);
  }
}
