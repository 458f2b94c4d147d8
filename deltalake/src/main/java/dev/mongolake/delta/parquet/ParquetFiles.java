package dev.mongolake.delta.parquet;

import dev.mongolake.delta.parquet.internal.CachedParquetFileReader;
import dev.mongolake.delta.parquet.internal.ParquetCodecFactory;
import dev.mongolake.delta.parquet.internal.ProjectedGroupReadSupport;
import dev.mongolake.delta.parquet.internal.SchemaGroupWriteSupport;
import dev.mongolake.delta.parquet.internal.StorageInputFile;
import dev.mongolake.delta.parquet.internal.StorageOutputFile;
import dev.mongolake.delta.storage.Storage;
import java.io.IOException;
import java.util.Set;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Parquet files written and read through a {@link Storage}, never through a Hadoop FileSystem: the
 * same code serves local disk, memory and object stores.
 *
 * <p>Two row models are offered. Callers with their own {@link WriteSupport}/{@link ReadSupport}
 * (the document files) use {@link #writer} and {@link #reader}; simple tabular files such as Delta
 * checkpoints use parquet-java's example {@link Group} model through {@link #groupWriter} and
 * {@link #groupReader}, which needs no code beyond the schema. The Group model is row-at-a-time and
 * allocation-heavy: fine for checkpoints, not for bulk data.
 *
 * <p>Every writer and reader returned is single-threaded and owned by the caller, who closes it; a
 * writer's file becomes visible in storage, whole, only when the writer is closed. Opening failures
 * are thrown as {@link ParquetFileException} (or the storage's own {@code StorageException}, for
 * example {@code StorageFileNotFoundException}); the returned parquet-java objects report later
 * failures as {@link IOException}, as parquet-java does.
 *
 * <p>Runtime classpath: writing loads no Hadoop class. parquet-java's stock read path loads a few
 * (its option builder names HadoopCodecs and ParquetInputFormat), so the module ships the smallest
 * Hadoop set that satisfies it: hadoop-common and hadoop-mapreduce-client-core without any of their
 * dependencies. No Hadoop Configuration is ever built (settings go through {@code
 * PlainParquetConfiguration}), which is why Hadoop's XML and Guava dependencies are not needed.
 *
 * <p>Opening a file reads its last 64 KiB once (footer); column chunks, indexes and bloom filters
 * are then fetched by exact ranges, because parquet-java always asks for whole ranges and a
 * read-ahead buffer would only fetch unwanted bytes.
 */
public final class ParquetFiles {

  private ParquetFiles() {}

  /** A Parquet output file that creates or replaces {@code path} when the writer closes. */
  public static OutputFile outputFile(Storage storage, String path) {
    return new StorageOutputFile(storage, path);
  }

  /**
   * A Parquet input file over {@code path}; its length is asked of the storage once.
   *
   * @throws dev.mongolake.delta.storage.StorageFileNotFoundException if the file does not exist
   */
  public static InputFile inputFile(Storage storage, String path) {
    return StorageInputFile.open(storage, path);
  }

  /**
   * A Parquet input file over {@code path} whose length the caller already knows (a Delta {@code
   * add} action records it), which saves one storage request.
   */
  public static InputFile inputFile(Storage storage, String path, long length) {
    return new StorageInputFile(storage, path, length, StorageInputFile.DEFAULT_TAIL_PREFETCH);
  }

  /**
   * Opens a writer of {@code T} rows to {@code path}, replacing any file of that name on close.
   *
   * @throws ParquetFileException if the writer cannot be created
   */
  public static <T> ParquetWriter<T> writer(
      Storage storage, String path, WriteSupport<T> writeSupport, ParquetWriteOptions options) {
    try {
      return new SuppliedWriteSupportBuilder<>(outputFile(storage, path), writeSupport)
          .withConf(new PlainParquetConfiguration())
          .withCodecFactory(new ParquetCodecFactory(options.zstdLevel()))
          .withCompressionCodec(options.codec().parquetName())
          .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
          .withRowGroupSize(options.rowGroupSizeBytes())
          .withPageSize(options.pageSizeBytes())
          .withPageRowCountLimit(ParquetWriteOptions.PAGE_ROW_COUNT_LIMIT)
          .withMinRowCountForPageSizeCheck(ParquetWriteOptions.MIN_ROWS_BETWEEN_PAGE_SIZE_CHECKS)
          .withDictionaryEncoding(options.dictionaryEncoding())
          .withExtraMetaData(options.keyValueMetadata())
          .withBloomFilters(options)
          .withoutStatistics(options.columnsWithoutStatistics())
          .build();
    } catch (IOException | RuntimeException e) {
      throw new ParquetFileException("Cannot open Parquet writer for " + path + ": " + e, e);
    }
  }

  /**
   * Opens a writer of parquet-java example {@link Group} rows with the given schema.
   *
   * @throws ParquetFileException if the writer cannot be created
   */
  public static ParquetWriter<Group> groupWriter(
      Storage storage, String path, MessageType schema, ParquetWriteOptions options) {
    return writer(
        storage, path, new SchemaGroupWriteSupport(schema, options.keyValueMetadata()), options);
  }

  /**
   * Opens a reader of {@code T} rows. Row groups whose statistics, dictionaries or bloom filters
   * show that no row can match {@code filter} are skipped, and so are pages by the column index;
   * rows that remain are filtered again one by one.
   *
   * @param filter a predicate from {@code FilterCompat.get(...)}, or {@link FilterCompat#NOOP}
   * @throws ParquetFileException if the file's footer cannot be read
   */
  public static <T> ParquetReader<T> reader(
      InputFile file, ReadSupport<T> readSupport, FilterCompat.Filter filter) {
    try {
      return new SuppliedReadSupportBuilder<>(file, readSupport)
          .withCodecFactory(new ParquetCodecFactory(3))
          .withFilter(filter)
          .build();
    } catch (IOException | RuntimeException e) {
      throw new ParquetFileException("Cannot open Parquet reader for " + file + ": " + e, e);
    }
  }

  /**
   * Opens a reader of parquet-java example {@link Group} rows.
   *
   * @param projection the columns to read (a subset of the file schema), or {@code null} for all
   * @param filter a predicate from {@code FilterCompat.get(...)}, or {@link FilterCompat#NOOP}
   * @throws ParquetFileException if the file's footer cannot be read
   */
  public static ParquetReader<Group> groupReader(
      Storage storage, String path, MessageType projection, FilterCompat.Filter filter) {
    return reader(inputFile(storage, path), new ProjectedGroupReadSupport(projection), filter);
  }

  /**
   * Opens a file for low-level access (row groups, column indexes, bloom filters); the caller
   * closes it.
   *
   * @throws ParquetFileException if the file's footer cannot be read
   */
  public static ParquetFileReader openFile(InputFile file, FilterCompat.Filter filter) {
    try {
      return ParquetFileReader.open(file, readOptions(filter));
    } catch (IOException | RuntimeException e) {
      throw new ParquetFileException("Cannot open Parquet file " + file + ": " + e, e);
    }
  }

  /**
   * Opens a file for low-level access, taking its footer, indexes and bloom filters from {@code
   * cache} when it holds them (and adding them when not). Files not read through a storage are
   * opened without the cache.
   *
   * @throws ParquetFileException if the file's footer cannot be read
   */
  public static ParquetFileReader openFile(
      InputFile file, FilterCompat.Filter filter, FileMetadataCache cache) {
    if (!(file instanceof StorageInputFile storageFile)) {
      return openFile(file, filter);
    }
    try {
      return new CachedParquetFileReader(file, cache.parts(storageFile), readOptions(filter));
    } catch (IOException | RuntimeException e) {
      throw e instanceof ParquetFileException p
          ? p
          : new ParquetFileException("Cannot open Parquet file " + file + ": " + e, e);
    }
  }

  /**
   * Reads a file's footer: schema, key/value metadata and row group statistics. Fetches only the
   * file's tail from storage.
   *
   * @throws ParquetFileException if the footer cannot be read
   */
  public static ParquetMetadata footer(InputFile file) {
    try (ParquetFileReader reader = openFile(file, FilterCompat.NOOP)) {
      return reader.getFooter();
    } catch (IOException e) {
      throw new ParquetFileException("Cannot read Parquet footer of " + file + ": " + e, e);
    }
  }

  /** Read options that use our codecs and no Hadoop configuration. */
  public static ParquetReadOptions readOptions(FilterCompat.Filter filter) {
    return ParquetReadOptions.builder(new PlainParquetConfiguration())
        .withCodecFactory(new ParquetCodecFactory(3))
        .withRecordFilter(filter)
        .build();
  }

  /**
   * 0.1% false positives: a point read over 100 files then opens a row group that does not hold the
   * value once in ten reads (at parquet-java's default of 1%, once per read), for about 1.5x the
   * filter's bytes (~1.8 bytes per distinct value).
   */
  static final double BLOOM_FILTER_FPP = 0.001;

  private static final class SuppliedWriteSupportBuilder<T>
      extends ParquetWriter.Builder<T, SuppliedWriteSupportBuilder<T>> {
    private final WriteSupport<T> writeSupport;

    SuppliedWriteSupportBuilder(OutputFile file, WriteSupport<T> writeSupport) {
      super(file);
      this.writeSupport = writeSupport;
    }

    SuppliedWriteSupportBuilder<T> withBloomFilters(ParquetWriteOptions options) {
      for (String column : options.bloomFilterColumns()) {
        withBloomFilterEnabled(column, true);
      }
      if (options.bloomFilterColumns().isEmpty()) {
        return this;
      }
      // The row count per row group is unknown up front: the adaptive writer keeps candidates of
      // halving sizes and stores the smallest that holds the values seen. The largest is scaled to
      // the row group (about one entry per 512 bytes of data at 1% false positives) so that small
      // row groups do not each carry parquet-java's 1 MiB default filter.
      long maxBytes = Math.clamp(options.rowGroupSizeBytes() / 512, 1024L, 1024L * 1024);
      withMaxBloomFilterBytes((int) maxBytes);
      for (String column : options.bloomFilterColumns()) {
        withBloomFilterCandidateNumber(column, 8);
        withBloomFilterFPP(column, BLOOM_FILTER_FPP);
      }
      return withAdaptiveBloomFilterEnabled(true);
    }

    SuppliedWriteSupportBuilder<T> withoutStatistics(Set<String> columns) {
      for (String column : columns) {
        withStatisticsEnabled(column, false);
        withSizeStatisticsEnabled(column, false);
      }
      return this;
    }

    @Override
    protected SuppliedWriteSupportBuilder<T> self() {
      return this;
    }

    @Override
    protected WriteSupport<T> getWriteSupport(
        org.apache.parquet.conf.ParquetConfiguration configuration) {
      return writeSupport;
    }

    @Deprecated // the Hadoop-typed overload parquet-java still declares abstract
    @Override
    protected WriteSupport<T> getWriteSupport(org.apache.hadoop.conf.Configuration configuration) {
      return writeSupport;
    }
  }

  private static final class SuppliedReadSupportBuilder<T> extends ParquetReader.Builder<T> {
    private final ReadSupport<T> readSupport;

    SuppliedReadSupportBuilder(InputFile file, ReadSupport<T> readSupport) {
      super(file, new PlainParquetConfiguration());
      this.readSupport = readSupport;
    }

    @Override
    protected ReadSupport<T> getReadSupport() {
      return readSupport;
    }
  }
}
