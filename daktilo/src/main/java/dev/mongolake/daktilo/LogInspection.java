package dev.mongolake.daktilo;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@link LogInspector#inspect(Path)} found.
 *
 * @param directory the log directory
 * @param formatVersion the on-disk format version (of the first segment)
 * @param segments every segment file, oldest first
 * @param firstSequence the oldest record's sequence; 0 for a log that never had a record, and
 *     {@code headSequence + 1} when every record was compacted away (as {@link
 *     Daktilo#firstSequence()})
 * @param headSequence the newest valid record's sequence (0 for a log that never had one)
 * @param checkpointSequence the stored checkpoint, 0 when none
 * @param totalBytes sum of the segment file sizes (preallocated space included)
 */
public record LogInspection(
    Path directory,
    int formatVersion,
    List<SegmentInfo> segments,
    long firstSequence,
    long headSequence,
    long checkpointSequence,
    long totalBytes) {

  public LogInspection {
    segments = List.copyOf(segments);
  }

  /**
   * One segment file.
   *
   * @param file the segment file
   * @param id segment id (also its file name)
   * @param firstSequence first sequence (from the header)
   * @param lastSequence last valid record's sequence; {@code firstSequence - 1} when empty
   * @param records number of valid records
   * @param sizeBytes file size (for the active segment: the preallocated size)
   * @param dataBytes bytes used by the header and the valid records (before compression, for a
   *     compressed segment; compare with {@code sizeBytes} for the ratio)
   * @param sealed false for the active (last) segment
   * @param compressed whether the segment is stored block-compressed (zstd)
   */
  public record SegmentInfo(
      Path file,
      long id,
      long firstSequence,
      long lastSequence,
      long records,
      long sizeBytes,
      long dataBytes,
      boolean sealed,
      boolean compressed) {}
}
