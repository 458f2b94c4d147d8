package dev.mongolake.update.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.HashSet;
import java.util.Set;

/**
 * What the parsing of one update document shares across its operators: the conflict tree and the
 * array filter identifiers (declared and used).
 */
public final class UpdateParseScope {
  private final ConflictTree conflicts = new ConflictTree();
  private final Set<String> declaredIdentifiers;
  private final Set<String> usedIdentifiers = new HashSet<>();

  public UpdateParseScope(Set<String> declaredIdentifiers) {
    this.declaredIdentifiers = Set.copyOf(declaredIdentifiers);
  }

  /**
   * Parses {@code field} as an update path, checks its array filter identifiers and claims it.
   *
   * @throws MongoLakeException for an invalid path, an undeclared identifier or a conflict
   */
  public UpdatePath claim(String field) {
    UpdatePath path = UpdatePath.parse(field);
    for (String part : path.parts()) {
      UpdatePath.arrayFilterIdentifier(part)
          .ifPresent(
              id -> {
                if (!declaredIdentifiers.contains(id)) {
                  throw new MongoLakeException(
                      ErrorCode.BAD_VALUE,
                      "No array filter found for identifier '" + id + "' in path '" + field + "'");
                }
                usedIdentifiers.add(id);
              });
    }
    conflicts.claim(path);
    return path;
  }

  /** The identifiers some path used. */
  public Set<String> usedIdentifiers() {
    return Set.copyOf(usedIdentifiers);
  }
}
