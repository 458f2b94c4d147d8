package dev.mongolake.daktilo;

import dev.mongolake.daktilo.internal.CheckpointFile;
import dev.mongolake.daktilo.internal.CompressedSegment;
import dev.mongolake.daktilo.internal.FileOps;
import dev.mongolake.daktilo.internal.Format;
import dev.mongolake.daktilo.internal.MappedFile;
import dev.mongolake.daktilo.internal.SegmentHeader;
import dev.mongolake.daktilo.internal.SegmentScanner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Describes a log directory without opening it for writing (no lock, no changes): format version,
 * segments, head and checkpoint sequence. Records are counted by scanning the frames; a segment's
 * count stops at its first invalid frame (use {@link LogVerifier} to learn why).
 */
public final class LogInspector {
  private LogInspector() {}

  /**
   * @throws DaktiloException when {@code dir} is not a readable log directory
   * @throws CorruptionException when a segment header or the checkpoint file is damaged
   */
  public static LogInspection inspect(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new DaktiloException("Cannot inspect " + dir + ": it is not a directory");
    }
    try {
      List<Path> files = FileOps.listSegments(dir);
      long checkpoint = CheckpointFile.read(dir);
      List<LogInspection.SegmentInfo> infos = new ArrayList<>();
      int version = Format.VERSION;
      long first = 0;
      long head = 0;
      long total = 0;
      for (int i = 0; i < files.size(); i++) {
        Path file = files.get(i);
        long id = Format.parseSegmentId(file.getFileName().toString());
        try (MappedFile mapped = new MappedFile(file)) {
          if (mapped.size() < Format.SEGMENT_HEADER_SIZE) {
            throw new CorruptionException(
                file, mapped.size(), "file is shorter than the 64-byte segment header");
          }
          SegmentHeader header = SegmentHeader.decode(mapped.view(), file, id);
          if (i == 0) {
            version = header.version();
          }
          long last;
          long dataBytes;
          if (header.compressed()) {
            CompressedSegment.Summary summary =
                CompressedSegment.summarize(file, header, mapped.view());
            last = summary.lastSequence();
            dataBytes = summary.rawBytes();
          } else {
            SegmentScanner.Result scan =
                SegmentScanner.scan(mapped.view(), mapped.size(), header.firstSequence(), null);
            last = scan.lastSequence();
            dataBytes = scan.validEnd();
          }
          long records = last - header.firstSequence() + 1;
          if (records > 0) {
            if (first == 0) {
              first = header.firstSequence();
            }
            head = last;
          } else {
            // An empty segment still fixes the head: its first sequence is the next one.
            head = Math.max(head, header.firstSequence() - 1);
          }
          total += mapped.size();
          infos.add(
              new LogInspection.SegmentInfo(
                  file,
                  id,
                  header.firstSequence(),
                  last,
                  records,
                  mapped.size(),
                  dataBytes,
                  i < files.size() - 1,
                  header.compressed()));
        }
      }
      if (first == 0 && head > 0) {
        first = head + 1; // every record was compacted away, as Daktilo.firstSequence() says
      }
      return new LogInspection(dir, version, infos, first, head, checkpoint, total);
    } catch (IOException e) {
      throw new DaktiloException("Cannot inspect " + dir + ": " + e, e);
    }
  }
}
