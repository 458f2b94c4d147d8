package dev.mongolake.bench.baseline;

import com.github.luben.zstd.Zstd;
import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.Workload;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;

/**
 * Raw baseline: random read of one record from a file of independently zstd-compressed blocks
 * (level 1) of whole framed records: look the block up, {@code pread} it, decompress it, check the
 * record's CRC and copy its payload out. Building the file is not timed; it is then in the page
 * cache (warm). Reports reads per second and per-read latency.
 *
 * @param records records in the file
 * @param payloadBytes size of each record's (compressible) payload
 * @param blockBytes uncompressed bytes per block
 */
public record RawCompressedBlockRead(int records, int payloadBytes, int blockBytes)
    implements Workload {

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    int frameBytes = RecordFraming.frameBytes(payloadBytes);
    int perBlock = blockBytes / frameBytes;
    int blocks = (records + perBlock - 1) / perBlock;
    long[] offsets = new long[blocks + 1];
    int[] rawLengths = new int[blocks];
    Path file = dir.resolve("blocks.zst");
    RecordFraming framing = new RecordFraming();
    try (FileChannel channel =
        FileChannel.open(
            file,
            StandardOpenOption.CREATE_NEW,
            StandardOpenOption.READ,
            StandardOpenOption.WRITE)) {
      writeBlocks(channel, framing, perBlock, blocks, offsets, rawLengths);
      LatencySampler latencies = new LatencySampler(200_000);
      SplittableRandom random = new SplittableRandom(11);
      ByteBuffer compressed = ByteBuffer.allocate((int) Zstd.compressBound(blockBytes));
      byte[] raw = new byte[blockBytes];
      long reads = 0;
      long start = System.nanoTime();
      long deadline = start + budgetNanos;
      long now = start;
      long checksum = 0;
      do {
        int sequence = random.nextInt(records);
        int block = sequence / perBlock;
        int stored = (int) (offsets[block + 1] - offsets[block]);
        compressed.clear().limit(stored);
        while (compressed.hasRemaining()) {
          channel.read(compressed, offsets[block] + compressed.position());
        }
        long decoded =
            Zstd.decompressByteArray(raw, 0, rawLengths[block], compressed.array(), 0, stored);
        if (decoded != rawLengths[block]) {
          throw new IllegalStateException("Cannot decompress block " + block + ": " + decoded);
        }
        ByteBuffer frames = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
        frames.position((sequence % perBlock) * frameBytes).limit(frames.position() + frameBytes);
        if (framing.scan(frames) != 1) {
          throw new IllegalStateException("Cannot read record " + sequence + " of block " + block);
        }
        byte[] payload = new byte[payloadBytes];
        System.arraycopy(
            raw,
            (sequence % perBlock) * frameBytes + RecordFraming.HEADER_BYTES,
            payload,
            0,
            payloadBytes);
        checksum += payload[0];
        long done = System.nanoTime();
        latencies.record(done - now);
        now = done;
        reads++;
      } while (now < deadline);
      if (checksum == Long.MIN_VALUE) {
        throw new IllegalStateException("unreachable: keeps the reads from being optimised away");
      }
      return Measurement.rate(
          Measurement.perSecond(reads, now - start), "reads/s", latencies.percentiles());
    }
  }

  private void writeBlocks(
      FileChannel channel,
      RecordFraming framing,
      int perBlock,
      int blocks,
      long[] offsets,
      int[] rawLengths)
      throws IOException {
    int frameBytes = RecordFraming.frameBytes(payloadBytes);
    ByteBuffer block = ByteBuffer.allocate(perBlock * frameBytes).order(ByteOrder.LITTLE_ENDIAN);
    long offset = 0;
    int sequence = 0;
    for (int b = 0; b < blocks; b++) {
      block.clear();
      for (int i = 0; i < perBlock && sequence < records; i++) {
        framing.frame(block, sequence, Payloads.compressible(payloadBytes, sequence));
        sequence++;
      }
      rawLengths[b] = block.position();
      byte[] stored = Zstd.compress(java.util.Arrays.copyOf(block.array(), block.position()), 1);
      ByteBuffer out = ByteBuffer.wrap(stored);
      while (out.hasRemaining()) {
        channel.write(out, offset + out.position());
      }
      offsets[b] = offset;
      offset += stored.length;
    }
    offsets[blocks] = offset;
  }
}
