package dev.mongolake.update.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The concrete paths an update changed in one document, by the step that changed them. Parsing
 * rejects conflicts between written paths; this catches the ones that only appear once {@code
 * $[]}/{@code $[<id>]} are expanded ({@code {$set: {"a.$[]": 1, "a.0": 2}}}), as MongoDB does.
 */
final class AppliedPaths {
  private final TreeMap<String, UpdatePath> changed = new TreeMap<>();

  /**
   * Records that {@code owner} changed {@code path}.
   *
   * @throws MongoLakeException ConflictingUpdateOperators when another step changed the same path,
   *     one of its ancestors or one of its descendants
   */
  void record(UpdatePath owner, String path) {
    String ancestor = path;
    while (true) {
      UpdatePath other = changed.get(ancestor);
      if (other != null && other != owner) {
        throw conflict(path);
      }
      int dot = ancestor.lastIndexOf('.');
      if (dot < 0) {
        break;
      }
      ancestor = ancestor.substring(0, dot);
    }
    // Descendants of "a.b" sort in ["a.b.", "a.b/") since '/' follows '.'.
    for (Map.Entry<String, UpdatePath> descendant :
        changed.subMap(path + ".", path + "/").entrySet()) {
      if (descendant.getValue() != owner) {
        throw conflict(path);
      }
    }
    changed.put(path, owner);
  }

  private static MongoLakeException conflict(String path) {
    return new MongoLakeException(
        ErrorCode.CONFLICTING_UPDATE_OPERATORS, "Update created a conflict at '" + path + "'");
  }
}
