package dev.mongolake.delta;

import dev.mongolake.delta.log.AddFile;

/**
 * The unique file that writer {@code writer} adds in its {@code index}-th append: its path is the
 * marker by which a concurrency test finds that append in the log.
 */
record AddFileMarker(String writer, int index) {

  /** The add action's (decoded) path, partitioned by writer. */
  String path() {
    return "day=" + writer + "/" + writer + "-" + index + ".parquet";
  }

  AddFile addFile() {
    return TestTables.file(writer + "-" + index + ".parquet", writer, 10);
  }
}
