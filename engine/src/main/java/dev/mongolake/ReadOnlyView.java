package dev.mongolake;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/**
 * A read-only view of a database, as {@link MongoLakeDatabase#listViews()} lists it.
 *
 * @param name the view's name
 * @param viewOn the collection or view it reads, in the same database
 * @param pipeline the stages it applies to {@code viewOn}'s documents
 */
public record ReadOnlyView(String name, String viewOn, List<BsonDocument> pipeline) {

  public ReadOnlyView {
    List<BsonDocument> copies = new ArrayList<>(pipeline.size());
    pipeline.forEach(stage -> copies.add(stage.clone()));
    pipeline = List.copyOf(copies);
  }
}
