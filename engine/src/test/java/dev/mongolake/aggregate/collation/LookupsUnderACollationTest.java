package dev.mongolake.aggregate.collation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.delta.order.Collation;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MongoDB's manual: the stages that read other collections ({@code $lookup}, {@code $graphLookup},
 * {@code $unionWith}) compare by the pipeline's collation, the foreign side included; {@code
 * $facet}'s sub-pipelines run under it too.
 */
class LookupsUnderACollationTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeDatabase db;

  @BeforeEach
  void open() {
    lake = MongoLake.open(MongoLakeOptions.defaults().withPath(root));
    db = lake.db("app");
    insert("colors", "{_id: 1, name: 'RED', hex: 'f00'}", "{_id: 2, name: 'blue', hex: '00f'}");
    insert(
        "people",
        "{_id: 'ann', boss: 'BOB'}",
        "{_id: 'bob', boss: 'Cid'}",
        "{_id: 'cid', boss: null}");
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private void insert(String name, String... documents) {
    MongoLakeCollection<BsonDocument> collection = db.collection(name, BsonDocument.class);
    collection.insertMany(CollatedPipelines.documents(documents));
  }

  private AggregationEnvironment environment(String collation) {
    Collation parsed = CollatedPipelines.collation(collation);
    return new AggregationEnvironment() {
      @Override
      public Instant now() {
        return Instant.parse("2026-01-02T03:04:05Z");
      }

      @Override
      public BsonDocument let() {
        return new BsonDocument();
      }

      @Override
      public Collation collation() {
        return parsed;
      }

      @Override
      public String databaseName() {
        return "app";
      }

      @Override
      public MongoLakeDatabase database(String name) {
        return lake.db(name);
      }
    };
  }

  private List<BsonDocument> run(String collation, String input, String... stages) {
    List<BsonDocument> out = new ArrayList<>();
    try (Pipeline pipeline =
        Pipeline.parse(CollatedPipelines.documents(stages), environment(collation))) {
      pipeline.run(CollatedPipelines.documents(input).iterator()).forEachRemaining(out::add);
    }
    return out;
  }

  @Test
  void lookupByFieldsJoinsWhatThePipelinesCollationFindsEqual() {
    String stage =
        "{$lookup: {from: 'colors', localField: 'c', foreignField: 'name', as: 'found'}}";
    assertThat(
            run(CollatedPipelines.CASE_INSENSITIVE, "{_id: 1, c: 'red'}", stage)
                .getFirst()
                .getArray("found"))
        .hasSize(1);
    assertThat(
            run(CollatedPipelines.SIMPLE, "{_id: 1, c: 'red'}", stage).getFirst().getArray("found"))
        .isEmpty();
  }

  @Test
  void lookupsSubPipelineRunsUnderThePipelinesCollation() {
    String stage =
        "{$lookup: {from: 'colors', let: {c: '$c'},"
            + " pipeline: [{$match: {$expr: {$eq: ['$name', '$$c']}}}, {$project: {hex: 1}}],"
            + " as: 'found'}}";
    assertThat(
            run(CollatedPipelines.CASE_INSENSITIVE, "{_id: 1, c: 'Blue'}", stage)
                .getFirst()
                .getArray("found"))
        .containsExactly(BsonDocument.parse("{_id: 2, hex: '00f'}"));
    assertThat(
            run(CollatedPipelines.SIMPLE, "{_id: 1, c: 'Blue'}", stage)
                .getFirst()
                .getArray("found"))
        .isEmpty();
  }

  @Test
  void lookupWithFieldsAndAPipelineMatchesBothByTheCollation() {
    String stage =
        "{$lookup: {from: 'colors', localField: 'c', foreignField: 'name',"
            + " pipeline: [{$match: {hex: 'F00'}}], as: 'found'}}";
    assertThat(
            run(CollatedPipelines.CASE_INSENSITIVE, "{_id: 1, c: 'red'}", stage)
                .getFirst()
                .getArray("found"))
        .hasSize(1);
  }

  @Test
  void graphLookupFollowsConnectionsTheCollationFindsEqual() {
    String stage =
        "{$graphLookup: {from: 'people', startWith: '$boss', connectFromField: 'boss',"
            + " connectToField: '_id', as: 'chain'}}";
    assertThat(
            run(CollatedPipelines.CASE_INSENSITIVE, "{_id: 'x', boss: 'ANN'}", stage)
                .getFirst()
                .getArray("chain"))
        .hasSize(3);
    assertThat(
            run(CollatedPipelines.SIMPLE, "{_id: 'x', boss: 'ANN'}", stage)
                .getFirst()
                .getArray("chain"))
        .isEmpty();
  }

  @Test
  void unionWithsPipelineRunsUnderThePipelinesCollation() {
    String stage = "{$unionWith: {coll: 'colors', pipeline: [{$match: {name: 'red'}}]}}";
    assertThat(run(CollatedPipelines.CASE_INSENSITIVE, "{_id: 0}", stage)).hasSize(2);
    assertThat(run(CollatedPipelines.SIMPLE, "{_id: 0}", stage)).hasSize(1);
  }

  @Test
  void facetsSubPipelinesRunUnderThePipelinesCollation() {
    String stage = "{$facet: {reds: [{$match: {name: 'red'}}, {$count: 'n'}]}}";
    List<BsonDocument> out =
        run(CollatedPipelines.CASE_INSENSITIVE, "{_id: 1, name: 'RED'}", stage);
    assertThat(out.getFirst().getArray("reds").getValues())
        .containsExactly(BsonDocument.parse("{n: 1}"));
  }
}
