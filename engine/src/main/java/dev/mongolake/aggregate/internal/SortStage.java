package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.Stage;
import dev.mongolake.internal.read.SortOrder;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** {@code $sort}: orders documents (materializes its input). */
final class SortStage implements StageParser {
  @Override
  public String name() {
    return "$sort";
  }

  @Override
  public Stage parse(BsonValue specification) {
    SortOrder order = SortOrder.parse(StageSpecs.document(name(), specification));
    return input -> {
      List<BsonDocument> all = new ArrayList<>();
      input.forEachRemaining(all::add);
      all.sort(order);
      return all.iterator();
    };
  }
}
