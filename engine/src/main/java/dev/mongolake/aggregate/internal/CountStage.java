package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.Stage;
import java.util.Collections;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/** {@code $count: "<field>"}: one document with the number of inputs, none if there were none. */
final class CountStage implements StageParser {
  @Override
  public String name() {
    return "$count";
  }

  @Override
  public Stage parse(BsonValue specification) {
    if (!specification.isString() || specification.asString().getValue().isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40156, "the count field must be a non-empty string");
    }
    String field = specification.asString().getValue();
    if (field.startsWith("$") || field.contains(".")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40158, "the count field cannot be a $-prefixed path or contain '.'");
    }
    return input -> {
      int count = 0;
      while (input.hasNext()) {
        input.next();
        count++;
      }
      return count == 0
          ? Collections.emptyIterator()
          : List.of(new BsonDocument(field, new BsonInt32(count))).iterator();
    };
  }
}
