package dev.mongolake.delta.table;

/**
 * What a scan of a document table has read so far, for explain output and tests.
 *
 * @param filesTotal the data files of the snapshot
 * @param filesSkipped files skipped by their Delta statistics, never opened
 * @param filesOpened files opened (their footers read)
 * @param rowGroupsTotal the row groups of the files opened
 * @param rowGroupsRead row groups read: those that the Parquet statistics, dictionaries, {@code
 *     _id} bloom filter and column indexes did not exclude
 * @param rowsRead rows that the Parquet predicate kept and that were decoded
 * @param rowsMatched rows that also matched the whole filter, which the scan returned
 * @param filesReadFromColumns files opened whose rows were built from exact promoted columns, their
 *     documents never read nor decoded (see {@link ColumnProjection})
 * @param pagesRead data pages read: in each row group read, the most pages any one column decoded
 *     (the column index skips the pages whose bounds rule a match out; a point read by {@code _id}
 *     reads 1)
 */
public record ScanMetrics(
    int filesTotal,
    int filesSkipped,
    int filesOpened,
    long rowGroupsTotal,
    long rowGroupsRead,
    long rowsRead,
    long rowsMatched,
    int filesReadFromColumns,
    long pagesRead) {}
