package dev.mongolake.daktilo;

import dev.mongolake.daktilo.internal.CheckpointFile;
import dev.mongolake.daktilo.internal.CompressedSegment;
import dev.mongolake.daktilo.internal.FileOps;
import dev.mongolake.daktilo.internal.Format;
import dev.mongolake.daktilo.internal.FrameReader;
import dev.mongolake.daktilo.internal.MappedFile;
import dev.mongolake.daktilo.internal.SegmentChain;
import dev.mongolake.daktilo.internal.SegmentHeader;
import dev.mongolake.daktilo.internal.SegmentScanner;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a log directory without opening it for writing (no lock is taken, nothing is modified):
 * every segment header, every frame's structure and CRC32C, sequence continuity inside and across
 * segments, segment-id continuity, that sealed segments end exactly at their last record, that the
 * preallocated space after the active segment's last record is all zeros, and the checkpoint file.
 * Compressed segments are checked completely too: footer, block index, each block's CRC, decoding
 * and every record inside.
 *
 * <p>A torn tail of the active segment (what a crash leaves, and what opening the log cuts off) is
 * reported as damage too, saying so in its reason. Verify a closed log: a log being written may
 * show a record in flight as a torn tail.
 */
public final class LogVerifier {
  private LogVerifier() {}

  public static VerifyReport verify(Path dir) {
    List<VerifyReport.Damage> damages = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      damages.add(new VerifyReport.Damage(dir, 0, "not a directory"));
      return new VerifyReport(dir, 0, 0, damages);
    }
    long checkpoint = 0;
    Path checkpointFile = dir.resolve(Format.CHECKPOINT_FILE);
    try {
      checkpoint = CheckpointFile.read(dir);
    } catch (CorruptionException e) {
      damages.add(damage(e));
    } catch (DaktiloException e) {
      damages.add(new VerifyReport.Damage(checkpointFile, 0, e.getMessage()));
    }
    List<Path> files;
    try {
      files = FileOps.listSegments(dir);
    } catch (IOException e) {
      damages.add(new VerifyReport.Damage(dir, 0, "cannot list the directory: " + e));
      return new VerifyReport(dir, 0, 0, damages);
    }
    if (files.isEmpty()) {
      damages.add(new VerifyReport.Damage(dir, 0, "no segment files: not a daktilo log"));
    }
    long records = 0;
    long previousId = -1;
    Long previousLast = null;
    for (int i = 0; i < files.size(); i++) {
      Path file = files.get(i);
      long id = Format.parseSegmentId(file.getFileName().toString());
      if (previousId >= 0 && id != previousId + 1) {
        damages.add(
            new VerifyReport.Damage(
                file, 0, "segment id " + id + " follows " + previousId + ": a segment is missing"));
      }
      previousId = id;
      boolean active = i == files.size() - 1;
      try (MappedFile mapped = new MappedFile(file)) {
        long[] span =
            verifySegment(file, id, mapped, active, i == 0, previousLast, checkpoint, damages);
        if (span != null) {
          records += span[1] - span[0] + 1;
        }
        // After damage the segment's true last sequence is unknown: skip the next chain check.
        previousLast = span == null || span[2] != 0 ? null : span[1];
      } catch (IOException e) {
        damages.add(new VerifyReport.Damage(file, 0, "cannot read the file: " + e));
        previousLast = null;
      }
    }
    return new VerifyReport(dir, files.size(), records, damages);
  }

  /**
   * Checks one segment; returns its first sequence, last valid sequence and 1 when it is damaged (0
   * otherwise), or null when its header is unusable.
   */
  private static long[] verifySegment(
      Path file,
      long id,
      MappedFile mapped,
      boolean active,
      boolean first,
      Long previousLast,
      long checkpoint,
      List<VerifyReport.Damage> damages) {
    int size = mapped.size();
    ByteBuffer view = mapped.view();
    if (size < Format.SEGMENT_HEADER_SIZE) {
      damages.add(
          new VerifyReport.Damage(
              file, size, "file is " + size + " bytes, shorter than the 64-byte segment header"));
      return null;
    }
    SegmentHeader header;
    try {
      header = SegmentHeader.decode(view, file, id);
    } catch (CorruptionException e) {
      damages.add(damage(e));
      return null;
    }
    if (header.compressed()) {
      if (active) {
        damages.add(new VerifyReport.Damage(file, 10, "the active (last) segment is compressed"));
        return new long[] {header.firstSequence(), header.firstSequence() - 1, 1};
      }
    }
    if (first || previousLast != null) {
      String problem =
          SegmentChain.problem(header, first, previousLast == null ? 0 : previousLast, checkpoint);
      if (problem != null) {
        damages.add(new VerifyReport.Damage(file, 24, problem));
      }
    }
    if (header.compressed()) {
      try {
        CompressedSegment.Summary summary = CompressedSegment.summarize(file, header, view);
        return new long[] {header.firstSequence(), summary.lastSequence(), 0};
      } catch (CorruptionException e) {
        damages.add(damage(e));
        return new long[] {header.firstSequence(), header.firstSequence() - 1, 1};
      }
    }
    SegmentScanner.Result scan = SegmentScanner.scan(view, size, header.firstSequence(), null);
    int before = damages.size();
    if (!active) {
      if (!scan.reachedEnd()) {
        if (scan.stop() == null) {
          damages.add(
              new VerifyReport.Damage(
                  file, scan.validEnd(), "sealed segment ends inside an appendMany batch"));
        } else {
          damages.add(
              new VerifyReport.Damage(
                  file, scan.stopOffset(), scan.stopReason() + " in a sealed segment" + crc(scan)));
        }
      }
    } else {
      verifyActiveTail(file, view, size, scan, header.recycled(), damages);
    }
    return new long[] {
      header.firstSequence(), scan.lastSequence(), damages.size() > before ? 1 : 0
    };
  }

  /** The end of the active segment: the same rules recovery applies, reported instead of fixed. */
  private static void verifyActiveTail(
      Path file,
      ByteBuffer view,
      int size,
      SegmentScanner.Result scan,
      boolean recycled,
      List<VerifyReport.Damage> damages) {
    FrameReader.Status stop = scan.stop();
    int trailing = stop == null ? -1 : SegmentScanner.firstNonZero(view, scan.stopOffset(), size);
    if (stop == null
        || (trailing < 0 && stop == FrameReader.Status.ZERO_HEADER)
        || (trailing < 0 && stop == FrameReader.Status.SHORT_HEADER)) {
      if (scan.openBatch()) {
        damages.add(
            new VerifyReport.Damage(
                file,
                scan.validEnd(),
                "incomplete appendMany batch at the end of the active segment (torn tail; opening"
                    + " the log drops the whole batch)"));
      }
      return;
    }
    if (stop == FrameReader.Status.SHORT_HEADER) {
      damages.add(
          new VerifyReport.Damage(
              file,
              scan.stopOffset(),
              scan.stopReason() + " (torn tail: opening the log truncates it)"));
      return;
    }
    long afterDamaged =
        scan.lastSequence()
            + 2
            + SegmentScanner.framesBetween(view, scan.validEnd(), scan.stopOffset());
    boolean follows =
        SegmentScanner.validFrameFollows(view, scan.stopOffset() + 1, size, afterDamaged);
    if (recycled && !follows) {
      // A recycled file holds stale frames of its earlier life after the last record (sequences
      // below this segment's first): expected, not damage. A torn tail cannot be told from them.
      if (scan.openBatch()) {
        damages.add(
            new VerifyReport.Damage(
                file,
                scan.validEnd(),
                "incomplete appendMany batch at the end of the active segment (torn tail; opening"
                    + " the log drops the whole batch)"));
      }
      return;
    }
    String consequence =
        follows
            ? ", and valid records follow it (damage inside the log: opening the log refuses it)"
            : stop == FrameReader.Status.ZERO_HEADER
                ? ""
                : " (torn tail: opening the log truncates it)";
    if (stop == FrameReader.Status.ZERO_HEADER && !follows) {
      damages.add(
          new VerifyReport.Damage(
              file,
              trailing,
              "non-zero bytes after the last record of the active segment (torn write or"
                  + " corruption; opening the log zeroes them)"));
      return;
    }
    damages.add(
        new VerifyReport.Damage(
            file, scan.stopOffset(), scan.stopReason() + crc(scan) + consequence));
  }

  private static String crc(SegmentScanner.Result scan) {
    return scan.storedCrc() < 0
        ? ""
        : String.format(
            " (stored CRC32C 0x%08x, computed 0x%08x)", scan.storedCrc(), scan.actualCrc());
  }

  private static VerifyReport.Damage damage(CorruptionException e) {
    String crc =
        e.expectedCrc() < 0
            ? ""
            : String.format(
                " (stored CRC32C 0x%08x, computed 0x%08x)", e.expectedCrc(), e.actualCrc());
    return new VerifyReport.Damage(e.segment(), e.offset(), e.reason() + crc);
  }
}
