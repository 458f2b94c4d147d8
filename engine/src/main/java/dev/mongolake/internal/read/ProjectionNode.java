package dev.mongolake.internal.read;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One level of a projection: field name to action or to the next level. {@code {"a.b": 1, "a.c":
 * 1}} becomes {@code a -> {b: include, c: include}}; paths that overlap ({@code a} and {@code a.b})
 * are refused as MongoDB does, because either answer would surprise someone.
 */
final class ProjectionNode implements ProjectionItem {

  private final Map<String, ProjectionItem> children = new LinkedHashMap<>();

  Map<String, ProjectionItem> children() {
    return children;
  }

  /** Whether a computed field (or find's {@code $elemMatch}) is at or below this level. */
  boolean hasComputedFields() {
    for (ProjectionItem child : children.values()) {
      if (child instanceof FieldProjection.Computed
          || child instanceof FieldProjection.ElementMatch
          || (child instanceof ProjectionNode node && node.hasComputedFields())) {
        return true;
      }
    }
    return false;
  }

  void put(List<String> path, FieldProjection action, String fullPath) {
    ProjectionNode node = this;
    for (int i = 0; i < path.size() - 1; i++) {
      ProjectionItem existing = node.children.get(path.get(i));
      if (existing == null) {
        ProjectionNode next = new ProjectionNode();
        node.children.put(path.get(i), next);
        node = next;
      } else if (existing instanceof ProjectionNode next) {
        node = next;
      } else {
        throw new MongoLakeException(
            ErrorCode.LOCATION_31249,
            "Path collision at "
                + fullPath
                + " remaining portion "
                + String.join(".", path.subList(i + 1, path.size())));
      }
    }
    String last = path.getLast();
    if (node.children.containsKey(last)) {
      throw new MongoLakeException(ErrorCode.LOCATION_31250, "Path collision at " + fullPath);
    }
    node.children.put(last, action);
  }
}
