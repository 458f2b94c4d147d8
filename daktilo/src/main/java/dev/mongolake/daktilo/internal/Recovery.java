package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.CorruptionException;
import dev.mongolake.daktilo.DaktiloOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Opening a log: every sealed segment is scanned with CRC checks (damage there is a {@link
 * CorruptionException}; daktilo never drops data silently), the active segment's torn tail is cut,
 * the segment-id and sequence chains are checked, and the sparse indexes are rebuilt on the way.
 */
final class Recovery {
  private Recovery() {}

  /** What {@link SegmentedLog} starts from. */
  record State(RecordSource[] segments, long checkpoint, long lastSequence, long nextSequence) {}

  static State recover(Path dir, DaktiloOptions options, SegmentPreallocator allocator)
      throws IOException {
    FileOps.deleteTemporaryFiles(dir);
    long checkpoint = CheckpointFile.read(dir);
    List<Path> files = FileOps.listSegments(dir);
    List<RecordSource> opened = new ArrayList<>();
    try {
      if (files.isEmpty()) {
        // A new log. If a checkpoint exists without segments, start after it (never reuse).
        int flags = checkpoint > 0 ? Format.SEGMENT_SEQUENCE_GAP : 0;
        SegmentHeader header =
            new SegmentHeader(Format.VERSION, flags, 1, checkpoint + 1, options.clock().millis());
        opened.add(
            Segment.create(
                dir.resolve(Format.segmentFileName(1)),
                header,
                options.segmentSize(),
                options.indexIntervalBytes(),
                null,
                allocator,
                false));
      } else {
        long previousId = -1;
        long previousLast = -1;
        for (int i = 0; i < files.size(); i++) {
          Path file = files.get(i);
          long id = Format.parseSegmentId(file.getFileName().toString());
          if (previousId >= 0 && id != previousId + 1) {
            throw new CorruptionException(
                file,
                0,
                "segment id " + id + " follows " + previousId + ": a segment file is missing");
          }
          RecordSource segment =
              i == files.size() - 1
                  ? Segment.openActive(
                      file, id, options.segmentSize(), options.indexIntervalBytes(), allocator)
                  : openSealed(file, id, options.indexIntervalBytes());
          opened.add(segment);
          checkChain(segment, i == 0, previousLast, checkpoint);
          previousId = id;
          previousLast = segment.lastSequence();
        }
      }
    } catch (IOException | RuntimeException e) {
      for (RecordSource s : opened) {
        s.retire();
      }
      throw e;
    }
    RecordSource active = opened.get(opened.size() - 1);
    long last = active.lastSequence();
    return new State(
        opened.toArray(RecordSource[]::new), checkpoint, last, Math.max(last, checkpoint) + 1);
  }

  /** Opens a sealed segment in whichever form (raw or compressed) its header says. */
  static RecordSource openSealed(Path file, long id, int indexInterval) throws IOException {
    if (isCompressed(file)) {
      return CompressedSegment.open(file, id);
    }
    return Segment.openSealed(file, id, indexInterval);
  }

  /** Peeks at the header's compressed flag (the header is fully checked when opened). */
  static boolean isCompressed(Path file) throws IOException {
    try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(file.toFile(), "r")) {
      if (raf.length() < Format.SEGMENT_HEADER_SIZE) {
        return false;
      }
      raf.seek(10);
      int flags = Short.toUnsignedInt(Short.reverseBytes(raf.readShort()));
      return (flags & Format.SEGMENT_COMPRESSED) != 0;
    }
  }

  /** Sequence continuity between segments (and with the checkpoint for the first one). */
  static void checkChain(RecordSource segment, boolean first, long previousLast, long checkpoint) {
    String problem = SegmentChain.problem(segment.header(), first, previousLast, checkpoint);
    if (problem != null) {
      throw new CorruptionException(segment.file(), 24, problem);
    }
  }
}
