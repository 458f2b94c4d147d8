package dev.mongolake;

import dev.mongolake.delta.order.Collation;
import dev.mongolake.internal.read.QueryErrors;

/** The embedded API's collation rules: the driver's collations, and what views allow. */
final class Collations {
  private Collations() {}

  /**
   * The collation the driver's {@code Collation} specifies, checked and resolved as a {@code
   * collation} option is.
   *
   * @throws MongoLakeException with MongoDB's code for a collation it refuses
   */
  static Collation of(com.mongodb.client.model.Collation driverCollation) {
    return QueryErrors.parseCollation(driverCollation.asDocument());
  }

  /**
   * Refuses an operation's collation on a view: a view compares by its own default collation
   * (simple, as views here have no other), and MongoDB refuses to override it.
   *
   * @param requested the operation's collation, null when it names none
   */
  static void checkViewCollation(Collation requested) {
    if (requested != null && !requested.isSimple()) {
      throw new MongoLakeException(
          ErrorCode.OPTION_NOT_SUPPORTED_ON_VIEW, "Cannot override a view's default collation");
    }
  }
}
