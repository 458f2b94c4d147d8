package dev.mongolake.internal.read;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A find's {@code sort: {$natural: 1}} or {@code {$natural: -1}}: the collection's storage order
 * (its table's files in commit order, then the changes still buffered), or its reverse. As in
 * MongoDB, it reads the collection itself, never through an index, whose order would differ.
 */
public record NaturalOrder(boolean reversed) {

  public static final String KEY = "$natural";

  /** The natural order {@code sort} asks for, or empty when it is an ordinary sort. */
  public static Optional<NaturalOrder> of(BsonDocument sort) {
    BsonValue direction = sort.get(KEY);
    if (direction == null) {
      return Optional.empty();
    }
    if (sort.size() > 1) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Cannot sort by " + KEY + " and other keys at once: " + sort.toJson());
    }
    if (!direction.isNumber()
        || (direction.asNumber().doubleValue() != 1 && direction.asNumber().doubleValue() != -1)) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, KEY + " sort direction must be 1 or -1, not " + direction);
    }
    return Optional.of(new NaturalOrder(direction.asNumber().doubleValue() == -1));
  }
}
