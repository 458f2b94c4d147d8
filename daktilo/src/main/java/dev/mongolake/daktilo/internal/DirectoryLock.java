package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.LogInUseException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Exclusive lock on a log directory ({@code daktilo.lock}), so two writers (in this or another
 * process) never open the same log. The operating system drops it when the process dies.
 */
public final class DirectoryLock implements AutoCloseable {
  private final FileChannel channel;
  private final FileLock lock;

  private DirectoryLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  public static DirectoryLock acquire(Path dir) throws IOException {
    Path lockFile = dir.resolve(Format.LOCK_FILE);
    FileChannel channel =
        FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
    if (lock == null) {
      channel.close();
      throw new LogInUseException(dir, lockFile);
    }
    return new DirectoryLock(channel, lock);
  }

  @Override
  public void close() throws IOException {
    try {
      if (lock.isValid()) {
        lock.release();
      }
    } catch (java.nio.channels.ClosedChannelException e) {
      // An interrupt closed the channel, which releases the lock all the same.
    } finally {
      channel.close();
    }
  }
}
