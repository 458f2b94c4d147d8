package dev.mongolake.delta;

import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.defaults.engine.fileio.FileIO;
import io.delta.kernel.defaults.engine.fileio.InputFile;
import io.delta.kernel.defaults.engine.fileio.OutputFile;
import io.delta.kernel.defaults.engine.fileio.PositionOutputStream;
import io.delta.kernel.defaults.engine.fileio.SeekableInputStream;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * delta-kernel's file access over java.nio, so the independent reader in tests works without a
 * Hadoop FileSystem (whose classes on this module's test classpath are not complete).
 */
final class LocalKernelFileIO implements FileIO {

  static Engine engine() {
    return DefaultEngine.create(new LocalKernelFileIO());
  }

  private static Path local(String path) {
    String p = path;
    if (p.startsWith("file:")) {
      p = p.substring("file:".length());
      while (p.startsWith("//")) {
        p = p.substring(1);
      }
    }
    return Path.of(p);
  }

  private static String qualified(Path path) {
    return "file:" + path.toAbsolutePath().normalize();
  }

  @Override
  public CloseableIterator<FileStatus> listFrom(String filePath) throws IOException {
    Path start = local(filePath);
    Path dir = start.getParent();
    if (!Files.isDirectory(dir)) {
      throw new java.io.FileNotFoundException("No such directory: " + dir);
    }
    String from = start.getFileName().toString();
    List<FileStatus> out = new ArrayList<>();
    try (Stream<Path> list = Files.list(dir)) {
      for (Path p : list.sorted(Comparator.comparing(q -> q.getFileName().toString())).toList()) {
        if (p.getFileName().toString().compareTo(from) >= 0 && Files.isRegularFile(p)) {
          out.add(status(p));
        }
      }
    }
    return iterator(out.iterator());
  }

  private static FileStatus status(Path p) throws IOException {
    return FileStatus.of(qualified(p), Files.size(p), Files.getLastModifiedTime(p).toMillis());
  }

  @Override
  public FileStatus getFileStatus(String path) throws IOException {
    Path p = local(path);
    if (!Files.exists(p)) {
      throw new java.io.FileNotFoundException(path);
    }
    return status(p);
  }

  @Override
  public String resolvePath(String path) {
    return qualified(local(path));
  }

  @Override
  public boolean mkdirs(String path) throws IOException {
    Files.createDirectories(local(path));
    return true;
  }

  @Override
  public InputFile newInputFile(String path, long fileSize) {
    Path p = local(path);
    return new InputFile() {
      @Override
      public long length() throws IOException {
        return Files.size(p);
      }

      @Override
      public String path() {
        return qualified(p);
      }

      @Override
      public SeekableInputStream newStream() throws IOException {
        FileChannel channel = FileChannel.open(p, StandardOpenOption.READ);
        return new SeekableInputStream() {
          @Override
          public long getPos() throws IOException {
            return channel.position();
          }

          @Override
          public void seek(long pos) throws IOException {
            channel.position(pos);
          }

          @Override
          public void readFully(byte[] b, int off, int len) throws IOException {
            ByteBuffer buf = ByteBuffer.wrap(b, off, len);
            while (buf.hasRemaining()) {
              if (channel.read(buf) < 0) {
                throw new java.io.EOFException(path);
              }
            }
          }

          @Override
          public int read() throws IOException {
            ByteBuffer one = ByteBuffer.allocate(1);
            return channel.read(one) < 0 ? -1 : one.get(0) & 0xff;
          }

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            return channel.read(ByteBuffer.wrap(b, off, len));
          }

          @Override
          public void close() throws IOException {
            channel.close();
          }
        };
      }
    };
  }

  @Override
  public OutputFile newOutputFile(String path) {
    Path p = local(path);
    return new OutputFile() {
      @Override
      public String path() {
        return qualified(p);
      }

      @Override
      public PositionOutputStream create(boolean overwrite) throws IOException {
        Files.createDirectories(p.getParent());
        OutputStream out =
            overwrite
                ? Files.newOutputStream(p)
                : Files.newOutputStream(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return new PositionOutputStream() {
          private long pos;

          @Override
          public long getPos() {
            return pos;
          }

          @Override
          public void write(int b) throws IOException {
            out.write(b);
            pos++;
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            pos += len;
          }

          @Override
          public void close() throws IOException {
            out.close();
          }
        };
      }

      @Override
      public void writeAtomically(CloseableIterator<String> lines, boolean overwrite)
          throws IOException {
        Files.createDirectories(p.getParent());
        Path tmp = p.resolveSibling("." + p.getFileName() + ".kernel.tmp");
        try (lines;
            OutputStream out = Files.newOutputStream(tmp)) {
          while (lines.hasNext()) {
            out.write((lines.next() + "\n").getBytes(StandardCharsets.UTF_8));
          }
        }
        if (overwrite) {
          Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } else {
          try {
            Files.createLink(p, tmp);
          } catch (FileAlreadyExistsException e) {
            throw new FileAlreadyExistsException(p.toString());
          } finally {
            Files.deleteIfExists(tmp);
          }
        }
      }
    };
  }

  @Override
  public boolean delete(String path) throws IOException {
    return Files.deleteIfExists(local(path));
  }

  @Override
  public Optional<String> getConf(String confKey) {
    return Optional.empty();
  }

  @Override
  public void copyFileAtomically(String src, String dst, boolean overwrite) throws IOException {
    Files.copy(
        local(src),
        local(dst),
        overwrite
            ? new java.nio.file.CopyOption[] {StandardCopyOption.REPLACE_EXISTING}
            : new java.nio.file.CopyOption[0]);
  }

  private static <T> CloseableIterator<T> iterator(Iterator<T> it) {
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return it.hasNext();
      }

      @Override
      public T next() {
        return it.next();
      }

      @Override
      public void close() {}
    };
  }
}
