package dev.mongolake.delta.parquet.internal;

import com.github.luben.zstd.ZstdException;
import dev.mongolake.delta.parquet.DocumentFileLayout;
import dev.mongolake.delta.storage.Storage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.function.LongPredicate;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.xerial.snappy.Snappy;

/**
 * Finds the rows of a document file that hold one stored {@code _id} by reading, of each row group
 * whose statistics admit it, the {@code _id} pages the column index admits (one, in a file sorted
 * by {@code _id}) straight from storage, and comparing their plain values in place: no record
 * reader, no value materialized. A page of ~1,500 ids then costs its decompression and a pass over
 * lengths and bytes. Answers {@code null} for a file it cannot read this way (no column or offset
 * index, a dictionary-encoded or v2 page, an optional {@code _id}, another codec): the caller then
 * reads the column through parquet-java, which reads any file.
 */
public final class IdPageSearch {

  private IdPageSearch() {}

  /**
   * The rows found, and what finding them read.
   *
   * @param positions physical row indexes, ascending
   * @param rowGroupsRead the row groups whose {@code _id} pages were searched
   * @param pagesRead the {@code _id} pages searched
   */
  public record Result(long[] positions, int rowGroupsRead, long pagesRead) {}

  /**
   * The physical row indexes (0-based over all row groups, ascending) whose {@code _id} is {@code
   * stored} and that {@code deletedRows} does not delete; {@code null} when the file needs the
   * general reader.
   *
   * @param reader the file, opened over its cached parts (its indexes come from the cache)
   * @param stored the id as the column stores it: a {@code Binary}, {@code Integer} or {@code Long}
   */
  public static Result find(
      Storage storage,
      String path,
      CachedParquetFileReader reader,
      Comparable<?> stored,
      LongPredicate deletedRows)
      throws IOException {
    long[] positions = new long[0];
    int groupsRead = 0;
    long pagesRead = 0;
    long firstRowOfGroup = 0;
    List<BlockMetaData> blocks = reader.getFooter().getBlocks();
    for (BlockMetaData block : blocks) {
      ColumnChunkMetaData column = IdColumnChunk.of(block);
      if (column == null || !plainRequired(column, stored)) {
        return null;
      }
      if (!IdColumnChunk.outsideBounds(column.getStatistics(), stored)) {
        ColumnIndex columnIndex = reader.readColumnIndex(column);
        OffsetIndex offsetIndex = reader.readOffsetIndex(column);
        if (columnIndex == null || offsetIndex == null) {
          return null;
        }
        groupsRead++;
        PrimitiveIterator.OfInt pages = pagesAdmitting(columnIndex, stored);
        while (pages.hasNext()) {
          int page = pages.nextInt();
          pagesRead++;
          long[] found = searchPage(storage, path, column, offsetIndex, page, stored);
          if (found == null) {
            return null;
          }
          for (long inPage : found) {
            long position = firstRowOfGroup + offsetIndex.getFirstRowIndex(page) + inPage;
            if (deletedRows == null || !deletedRows.test(position)) {
              positions = Arrays.copyOf(positions, positions.length + 1);
              positions[positions.length - 1] = position;
            }
          }
        }
      }
      firstRowOfGroup += block.getRowCount();
    }
    return new Result(positions, groupsRead, pagesRead);
  }

  /**
   * The value indexes within one page equal to {@code stored}; null for a page not plain v1. The
   * page's values come from {@link IdPageCache} once a lookup has read them.
   */
  private static long[] searchPage(
      Storage storage,
      String path,
      ColumnChunkMetaData column,
      OffsetIndex offsetIndex,
      int page,
      Comparable<?> stored)
      throws IOException {
    IdPageCache cache = IdPageCache.shared();
    long offset = offsetIndex.getOffset(page);
    IdPageCache.Page cached = cache.get(storage, path, offset);
    if (cached == null) {
      cached = readPage(storage, path, column, offsetIndex, page);
      if (cached == null) {
        return null;
      }
      cache.put(storage, path, offset, cached);
    }
    return matches(
        ByteBuffer.wrap(cached.values()).order(ByteOrder.LITTLE_ENDIAN), cached.count(), stored);
  }

  /** One page's values, decompressed; null for a page not plain v1. */
  private static IdPageCache.Page readPage(
      Storage storage, String path, ColumnChunkMetaData column, OffsetIndex offsetIndex, int page)
      throws IOException {
    byte[] raw =
        storage.readRange(
            path, offsetIndex.getOffset(page), offsetIndex.getCompressedPageSize(page));
    ByteArrayInputStream in = new ByteArrayInputStream(raw);
    PageHeader header = Util.readPageHeader(in);
    if (header.getType() != PageType.DATA_PAGE || !header.isSetData_page_header()) {
      return null;
    }
    DataPageHeader data = header.getData_page_header();
    if (data.getEncoding() != Encoding.PLAIN) {
      return null;
    }
    int headerLength = raw.length - in.available();
    byte[] values =
        decompress(
            column,
            Arrays.copyOfRange(raw, headerLength, headerLength + header.getCompressed_page_size()),
            header.getUncompressed_page_size());
    return values == null ? null : new IdPageCache.Page(values, data.getNum_values());
  }

  private static long[] matches(ByteBuffer values, int count, Comparable<?> stored) {
    long[] found = new long[0];
    switch (stored) {
      case Binary binary -> {
        byte[] target = binary.getBytes();
        int at = 0;
        byte[] array = values.array();
        for (int i = 0; i < count; i++) {
          int length = values.getInt(at);
          at += 4;
          if (length == target.length && Arrays.equals(array, at, at + length, target, 0, length)) {
            found = append(found, i);
          }
          at += length;
        }
      }
      case Integer value -> {
        for (int i = 0; i < count; i++) {
          if (values.getInt(4 * i) == value) {
            found = append(found, i);
          }
        }
      }
      case Long value -> {
        for (int i = 0; i < count; i++) {
          if (values.getLong(8 * i) == value) {
            found = append(found, i);
          }
        }
      }
      default -> throw new IllegalArgumentException("Cannot search _id pages for " + stored);
    }
    return found;
  }

  private static long[] append(long[] array, long value) {
    long[] grown = Arrays.copyOf(array, array.length + 1);
    grown[array.length] = value;
    return grown;
  }

  private static byte[] decompress(ColumnChunkMetaData column, byte[] compressed, int size)
      throws IOException {
    try {
      return switch (column.getCodec()) {
        case UNCOMPRESSED -> compressed.length == size ? compressed : null;
        case ZSTD -> ZstdContexts.decompress(compressed, size);
        case SNAPPY -> Snappy.uncompress(compressed);
        default -> null;
      };
    } catch (ZstdException e) {
      throw new IOException("Cannot decompress an _id page: " + e.getMessage(), e);
    }
  }

  /** The pages whose bounds admit {@code stored} (a binary search when the bounds are ordered). */
  private static PrimitiveIterator.OfInt pagesAdmitting(ColumnIndex index, Comparable<?> stored) {
    return switch (stored) {
      case Binary binary ->
          index.visit(FilterApi.eq(FilterApi.binaryColumn(DocumentFileLayout.ID_COLUMN), binary));
      case Integer value ->
          index.visit(FilterApi.eq(FilterApi.intColumn(DocumentFileLayout.ID_COLUMN), value));
      case Long value ->
          index.visit(FilterApi.eq(FilterApi.longColumn(DocumentFileLayout.ID_COLUMN), value));
      default -> throw new IllegalArgumentException("Cannot search _id pages for " + stored);
    };
  }

  /** A required top-level column (no levels in its pages) of the stored value's physical type. */
  private static boolean plainRequired(ColumnChunkMetaData column, Comparable<?> stored) {
    PrimitiveType type = column.getPrimitiveType();
    if (type.getRepetition() != Type.Repetition.REQUIRED) {
      return false;
    }
    return IdColumnChunk.sameType(type.getPrimitiveTypeName(), stored);
  }
}
