package dev.mongolake.update.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.HashMap;
import java.util.Map;

/**
 * The tree of paths an update touches, built while parsing to reject two modifications of the same
 * field or of a field and one of its ancestors ({@code ConflictingUpdateOperators}), as MongoDB's
 * update tree does.
 */
public final class ConflictTree {
  private final Node root = new Node();

  private static final class Node {
    final Map<String, Node> children = new HashMap<>();
    boolean leaf;
  }

  /**
   * Claims {@code path}.
   *
   * @throws MongoLakeException ConflictingUpdateOperators when the path, one of its ancestors or
   *     one of its descendants is already claimed
   */
  public void claim(UpdatePath path) {
    Node current = root;
    for (int i = 0; i < path.size() - 1; i++) {
      Node child = current.children.get(path.part(i));
      if (child == null) {
        child = new Node();
        current.children.put(path.part(i), child);
      } else if (child.leaf) {
        throw conflict(path, path.prefix(i + 1));
      }
      current = child;
    }
    String last = path.part(path.size() - 1);
    if (current.children.containsKey(last)) {
      throw conflict(path, path.dotted());
    }
    Node leaf = new Node();
    leaf.leaf = true;
    current.children.put(last, leaf);
  }

  private static MongoLakeException conflict(UpdatePath path, String at) {
    return new MongoLakeException(
        ErrorCode.CONFLICTING_UPDATE_OPERATORS,
        "Updating the path '" + path.dotted() + "' would create a conflict at '" + at + "'");
  }
}
