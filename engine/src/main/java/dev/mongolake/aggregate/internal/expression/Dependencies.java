package dev.mongolake.aggregate.internal.expression;

import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/**
 * The document fields a set of expressions reads: dotted paths from the current document, or the
 * whole document ({@code $$ROOT}, {@code $$CURRENT}). The optimizer uses it to move stages and to
 * read only the needed columns. Not thread-safe.
 */
public final class Dependencies {

  private final Set<String> paths = new TreeSet<>();
  private boolean wholeDocument;

  /** Records a read of {@code path} (dotted, without the leading {@code $}). */
  public void addPath(String path) {
    paths.add(path);
  }

  /** Records that the whole document is read. */
  public void addWholeDocument() {
    wholeDocument = true;
  }

  /** Whether the whole document is needed (then {@link #paths()} is not complete). */
  public boolean needsWholeDocument() {
    return wholeDocument;
  }

  /** The dotted paths read, in order. */
  public Set<String> paths() {
    return Collections.unmodifiableSet(paths);
  }

  /** Whether {@code path} or anything inside or above it is read. */
  public boolean touches(String path) {
    if (wholeDocument) {
      return true;
    }
    for (String read : paths) {
      if (read.equals(path) || read.startsWith(path + ".") || path.startsWith(read + ".")) {
        return true;
      }
    }
    return false;
  }
}
