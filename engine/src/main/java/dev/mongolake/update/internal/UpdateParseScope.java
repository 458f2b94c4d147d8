package dev.mongolake.update.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.HashSet;
import java.util.Set;

/**
 * What the parsing of one update document shares across its operators: the conflict tree and the
 * array filter identifiers (declared and used), and the collation its comparisons follow.
 */
public final class UpdateParseScope {
  private final ConflictTree conflicts = new ConflictTree();
  private final Set<String> declaredIdentifiers;
  private final Set<String> usedIdentifiers = new HashSet<>();

  private final BsonComparisonOrder order;

  /** A scope under the simple collation. */
  public UpdateParseScope(Set<String> declaredIdentifiers) {
    this(declaredIdentifiers, BsonComparisonOrder.INSTANCE);
  }

  /** A scope whose operators compare values in {@code order} (the command's collation). */
  public UpdateParseScope(Set<String> declaredIdentifiers, BsonComparisonOrder order) {
    this.declaredIdentifiers = Set.copyOf(declaredIdentifiers);
    this.order = order;
  }

  /** The order the update's operators compare values in: the command's collation. */
  public BsonComparisonOrder order() {
    return order;
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
