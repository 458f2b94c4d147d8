package dev.mongolake.aggregate.internal;

import dev.mongolake.internal.read.SortOrder;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $sort: {field: 1 | -1, ...}}: orders documents (holds its whole input).
 *
 * @param specification the sort as written
 * @param order the parsed order
 */
record SortStage(BsonDocument specification, SortOrder order) implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    BsonDocument spec = StageSpecs.document("$sort", specification);
    return new SortStage(spec, SortOrder.parse(spec));
  }

  @Override
  public String name() {
    return "$sort";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    List<BsonDocument> all = new ArrayList<>();
    input.forEachRemaining(all::add);
    all.sort(order);
    return all.iterator();
  }

  @Override
  public Optional<Set<String>> matchMayMoveBeforeUnlessReading() {
    return Optional.of(Set.of());
  }

  @Override
  public boolean isBlocking() {
    return true;
  }

  @Override
  public void addDependencies(dev.mongolake.aggregate.internal.expression.Dependencies deps) {
    specification.keySet().forEach(deps::addPath);
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), new BsonDocument("sortKey", specification));
  }
}
