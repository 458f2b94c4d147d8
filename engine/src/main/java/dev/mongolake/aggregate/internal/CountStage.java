package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $count: "<field>"}: one document with the number of inputs, none if there were none.
 *
 * @param field the field that holds the count
 */
public record CountStage(String field) implements PipelineStage {

  /** MongoDB 8.0's checks, in its order. */
  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isString()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40156, "the count field must be a non-empty string");
    }
    String field = specification.asString().getValue();
    if (field.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40157, "the count field must be a non-empty string");
    }
    if (field.startsWith("$")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40158, "the count field cannot be a $-prefixed path");
    }
    if (field.indexOf('\0') >= 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40159, "the count field cannot contain a null byte");
    }
    if (field.contains(".")) {
      throw new MongoLakeException(ErrorCode.LOCATION_40160, "the count field cannot contain '.'");
    }
    if (field.equals("_id")) {
      throw new MongoLakeException(ErrorCode.LOCATION_9039800, "the count field cannot be '_id'");
    }
    return new CountStage(field);
  }

  /** The count field of {@code stage} when it is a {@code $count}. */
  public static Optional<String> fieldOf(PipelineStage stage) {
    return stage instanceof CountStage count ? Optional.of(count.field()) : Optional.empty();
  }

  @Override
  public String name() {
    return "$count";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    long count = 0;
    while (input.hasNext()) {
      input.next();
      count++;
    }
    if (count == 0) {
      return Collections.emptyIterator();
    }
    return List.of(new BsonDocument(field, countValue(count))).iterator();
  }

  /** A count as MongoDB's counting stages answer it: Int32 when it fits, else Int64. */
  public static BsonValue countValue(long count) {
    return count == (int) count ? new BsonInt32((int) count) : new BsonInt64(count);
  }

  @Override
  public void addDependencies(Dependencies dependencies) {}

  @Override
  public boolean isBlocking() {
    return true;
  }

  @Override
  public boolean dependenciesAreExhaustive() {
    return true;
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), new BsonString(field));
  }
}
