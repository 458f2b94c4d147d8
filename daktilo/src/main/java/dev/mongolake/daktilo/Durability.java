package dev.mongolake.daktilo;

/** When an append is acknowledged, and so what survives a crash. */
public enum Durability {
  /**
   * Every append forces its own bytes to the device (fdatasync of the mapped range) on the calling
   * thread before it returns. Safest, slowest: one device flush per record.
   */
  STRICT,
  /**
   * Default. Concurrent appends share one device flush: the sync thread flushes everything written
   * so far and wakes exactly the appenders that flush covered. It starts a flush as soon as there
   * is work, so an idle log adds no latency; under load batches grow by themselves.
   */
  BATCH,
  /**
   * An append is acknowledged once its bytes are in the operating system's page cache (it survives
   * a process crash but not a power loss or kernel crash). The sync thread flushes every {@code
   * asyncFlushInterval}; {@code flush()} forces at once. After a machine crash, acknowledged
   * records written since the last flush may be lost and their sequences reused.
   */
  ASYNC
}
