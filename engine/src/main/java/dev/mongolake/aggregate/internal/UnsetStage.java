package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.internal.read.Projection;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $unset: "a"} or {@code $unset: ["a", "b.c"]}: the exclusion projection of those paths, as
 * MongoDB defines it (dotted paths reach into arrays; {@code _id} may be removed).
 *
 * @param fields the paths as written
 * @param projection the equivalent exclusion
 */
record UnsetStage(List<String> fields, Projection projection) implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isString() && !specification.isArray()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_31002, "$unset specification must be a string or an array");
    }
    List<BsonValue> names =
        specification.isArray() ? specification.asArray().getValues() : List.of(specification);
    if (names.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_31119,
          "$unset specification must be a string or an array with at least one field");
    }
    List<String> fields = new ArrayList<>();
    BsonDocument exclusion = new BsonDocument();
    for (BsonValue name : names) {
      if (!name.isString()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_31120,
            "$unset specification must be a string or an array containing only string values");
      }
      fields.add(name.asString().getValue());
    }
    return InvalidStage.parse(
        "$unset",
        () -> {
          // {a: 0, "b.c": 0}, as MongoDB builds it, so a repeated or overlapping path collides.
          for (String field : fields) {
            if (exclusion.containsKey(field)) {
              throw new MongoLakeException(ErrorCode.LOCATION_31250, "Path collision at " + field);
            }
            exclusion.put(field, new BsonInt32(0));
          }
          return new UnsetStage(fields, Projection.forStage(exclusion, context.scope()));
        });
  }

  @Override
  public String name() {
    return "$unset";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    return new MappingIterator(input, projection::apply);
  }

  @Override
  public void addDependencies(Dependencies dependencies) {}

  @Override
  public Optional<Set<String>> matchMayMoveBeforeUnlessReading() {
    return Optional.of(new TreeSet<>(fields));
  }

  @Override
  public BsonDocument explain() {
    BsonArray names = new BsonArray();
    fields.forEach(field -> names.add(new BsonString(field)));
    return new BsonDocument(name(), names);
  }
}
