package dev.mongolake.delta.parquet;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A document field written as a native typed Parquet column besides the Variant, so other engines
 * read it directly and readers prune by its statistics.
 *
 * @param path the dotted field path, for example {@code "profile.name"}; nested paths become nested
 *     Parquet groups ({@code profile.name} is field {@code name} of group {@code profile})
 * @param type the scalar type (of the elements, for a list)
 * @param list whether the field is an array of {@code type}, written as a Parquet LIST
 */
public record PromotedColumn(String path, ColumnType type, boolean list) {
  private static final Pattern SEGMENT = Pattern.compile("[^.$\\u0000][^.\\u0000]*");

  public PromotedColumn {
    List<String> segments = List.of(path.split("\\.", -1));
    for (String segment : segments) {
      if (!SEGMENT.matcher(segment).matches()) {
        throw new IllegalArgumentException(
            "Cannot promote column '"
                + path
                + "': each path segment must be non-empty, not start"
                + " with '$' and hold no NUL");
      }
    }
    if (segments.getFirst().equals(DocumentFileLayout.ID_COLUMN)
        || segments.getFirst().equals(DocumentFileLayout.DOCUMENT_COLUMN)) {
      throw new IllegalArgumentException(
          "Cannot promote column '"
              + path
              + "': '_id' and '"
              + DocumentFileLayout.DOCUMENT_COLUMN
              + "' are reserved");
    }
  }

  /** The path's segments: {@code ["profile", "name"]} for {@code profile.name}. */
  public List<String> segments() {
    return List.of(path.split("\\."));
  }
}
