package dev.mongolake.delta.log;

import com.fasterxml.jackson.annotation.JsonIgnore;

/** An {@code add} or {@code remove}: a reference to a logical file. */
public sealed interface FileAction extends Action permits AddFile, RemoveFile {
  String path();

  DeletionVectorDescriptor deletionVector();

  /** The logical file's key: (path, deletion vector unique id or null). */
  @JsonIgnore
  default FileKey key() {
    return new FileKey(path(), deletionVector() == null ? null : deletionVector().uniqueId());
  }
}
