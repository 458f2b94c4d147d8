package dev.mongolake.internal.engine;

import dev.mongolake.Namespace;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A read-only view: a name in a database, the collection or view it reads ({@code viewOn}, in the
 * same database) and the pipeline it applies to it.
 *
 * @param name the view's namespace
 * @param viewOn the name of the collection or view it reads, in the same database
 * @param pipeline the stages applied to {@code viewOn}'s documents
 */
public record ViewDefinition(Namespace name, String viewOn, List<BsonDocument> pipeline) {

  public ViewDefinition {
    List<BsonDocument> copies = new ArrayList<>(pipeline.size());
    pipeline.forEach(stage -> copies.add(stage.clone()));
    pipeline = List.copyOf(copies);
  }

  /** The namespace it reads. */
  public Namespace source() {
    return new Namespace(name.database(), viewOn);
  }

  /** The pipeline as a BSON array (a copy). */
  public BsonArray pipelineArray() {
    BsonArray array = new BsonArray();
    pipeline.forEach(stage -> array.add(stage.clone()));
    return array;
  }

  /** The view as its catalog file stores it. */
  BsonDocument toDocument() {
    return new BsonDocument("db", new BsonString(name.database()))
        .append("name", new BsonString(name.collection()))
        .append("viewOn", new BsonString(viewOn))
        .append("pipeline", pipelineArray());
  }

  /** The view {@link #toDocument()} stored. */
  static ViewDefinition fromDocument(BsonDocument document) {
    List<BsonDocument> stages = new ArrayList<>();
    for (BsonValue stage : document.getArray("pipeline")) {
      stages.add(stage.asDocument());
    }
    return new ViewDefinition(
        new Namespace(document.getString("db").getValue(), document.getString("name").getValue()),
        document.getString("viewOn").getValue(),
        stages);
  }
}
