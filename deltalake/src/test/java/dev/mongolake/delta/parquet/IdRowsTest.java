package dev.mongolake.delta.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.storage.MemoryStorage;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.io.api.Binary;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/**
 * The first pass of a point read finds the same rows reading {@code _id} pages in place as through
 * parquet-java's record reader, which reads any file; and the second pass reads that one row.
 */
class IdRowsTest {

  @Test
  void pagesSearchedInPlaceAndTheRecordReaderFindTheSameRows() {
    MemoryStorage storage = new MemoryStorage();
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      documents.add(
          new BsonDocument("_id", new BsonString(String.format("id-%06d", i)))
              .append("text", new BsonString("x".repeat(200 + i % 50))));
    }
    WrittenDocumentFile file;
    try (DocumentFileWriter writer =
        DocumentFileWriter.open(
            storage, "t", DocumentWriteOptions.defaults().withIdEncoding(IdEncoding.STRING))) {
      documents.forEach(writer::write);
      file = writer.finish().getFirst();
    }
    String path = file.path();
    long length = file.sizeBytes();
    LongPredicate deleted = row -> row == 4_321;
    for (int i : new int[] {0, 1, 777, 2_500, 4_321, 4_999, 5_000}) {
      Binary stored = Binary.fromString(String.format("id-%06d", i));
      FilterCompat.Filter filter =
          FilterCompat.get(FilterApi.eq(FilterApi.binaryColumn("_id"), stored));
      IdRows.Found inPlace =
          IdRows.locate(storage, path, length, stored, filter, deleted, FileMetadataCache.shared());
      IdRows.Found general =
          IdRows.throughRecordReader(
              storage, path, length, filter, deleted, FileMetadataCache.shared());
      assertThat(inPlace.positions()).as("id %d", i).isEqualTo(general.positions());
      long[] expected = i == 4_321 || i == 5_000 ? new long[0] : new long[] {i};
      assertThat(inPlace.positions()).as("id %d", i).isEqualTo(expected);
      if (expected.length == 1) {
        assertThat(inPlace.pagesRead()).isEqualTo(1);
        try (DocumentFileReader row =
            DocumentFileReader.openRow(
                storage, path, length, expected[0], FileMetadataCache.shared())) {
          assertThat(row.next().document()).isEqualTo(documents.get(i));
          assertThat(row.pagesRead()).isEqualTo(1);
          assertThat(row.next()).isNull();
        }
      }
    }
  }
}
