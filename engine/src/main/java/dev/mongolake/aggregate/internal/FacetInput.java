package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.internal.accumulator.BsonMemory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.bson.BsonDocument;

/**
 * {@code $facet}'s input, read once and replayed to each sub-pipeline: held in memory up to the
 * stage's memory limit, and past it (with {@code allowDiskUse}) written to a spill file that each
 * sub-pipeline reads back. Without disk use it stays in memory: MongoDB's {@code $facet} streams
 * its input in batches and never fails on its size, so neither does this. Not thread-safe.
 */
final class FacetInput {

  private final List<BsonDocument> held;
  private final Path file;
  private final List<SpilledDocuments.Reader> readers = new ArrayList<>();

  private FacetInput(List<BsonDocument> held, Path file) {
    this.held = held;
    this.file = file;
  }

  /** Reads all of {@code input}, spilling it past {@code context}'s memory limit if allowed. */
  static FacetInput of(Iterator<BsonDocument> input, PipelineContext context) {
    MemoryLimit limit = context.memoryLimit();
    List<BsonDocument> held = new ArrayList<>();
    long bytes = 0;
    while (input.hasNext()) {
      BsonDocument document = input.next();
      held.add(document);
      bytes += BsonMemory.of(document);
      if (bytes > limit.bytesPerStage() && limit.allowDiskUse()) {
        Path file = context.spillFiles().newFile("facet-");
        try (SpilledDocuments.Writer out = new SpilledDocuments.Writer(file)) {
          held.forEach(out::write);
          input.forEachRemaining(out::write);
        }
        return new FacetInput(null, file);
      }
    }
    return new FacetInput(held, null);
  }

  /** The input from its start, for one sub-pipeline. */
  Iterator<BsonDocument> replay() {
    if (file == null) {
      return held.iterator();
    }
    SpilledDocuments.Reader reader = new SpilledDocuments.Reader(file);
    readers.add(reader);
    return new Iterator<>() {
      private BsonDocument next = reader.next();

      @Override
      public boolean hasNext() {
        return next != null;
      }

      @Override
      public BsonDocument next() {
        if (next == null) {
          throw new NoSuchElementException();
        }
        BsonDocument out = next;
        next = reader.next();
        return out;
      }
    };
  }

  /** Closes the files the replays opened (a sub-pipeline may stop before their end). */
  void closeReplays() {
    readers.forEach(SpilledDocuments.Reader::close);
    readers.clear();
  }
}
