package dev.mongolake.aggregate;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.PipelineContext;
import dev.mongolake.aggregate.internal.PipelineStage;
import dev.mongolake.aggregate.internal.StageParsers;
import dev.mongolake.aggregate.internal.StagePosition;
import dev.mongolake.internal.SpecNesting;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * An aggregation pipeline of one command: a list of stages, each parsed by a handler registered
 * under its name ({@code $match}, {@code $sort}, {@code $group}, ...), with the command's
 * variables. Unknown stages fail with MongoDB's "Unrecognized pipeline stage name" error. Not
 * thread-safe: one command runs it.
 */
public final class Pipeline {

  private final List<PipelineStage> stages;
  private final PipelineContext context;

  private Pipeline(List<PipelineStage> stages, PipelineContext context) {
    this.stages = List.copyOf(stages);
    this.context = context;
  }

  /** Parses a pipeline over a given input, with {@code $$NOW} now and no {@code let}. */
  public static Pipeline parse(List<BsonDocument> pipeline) {
    return parse(pipeline, AggregationEnvironment.standalone(Instant.now(), new BsonDocument()));
  }

  /**
   * Parses a pipeline; each element must be a one-field document naming a stage, and stages that
   * must stand first or last do.
   */
  public static Pipeline parse(List<BsonDocument> pipeline, AggregationEnvironment environment) {
    PipelineContext context = PipelineContext.of(environment);
    List<PipelineStage> stages = new ArrayList<>();
    for (int i = 0; i < pipeline.size(); i++) {
      BsonDocument stage = pipeline.get(i);
      SpecNesting.check(stage, "pipeline stage");
      if (stage.size() != 1) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40323,
            "A pipeline stage specification object must contain exactly one field.");
      }
      String name = stage.getFirstKey();
      PipelineStage parsed = StageParsers.parse(name, stage.get(name), context);
      if (parsed.position() == StagePosition.FIRST && i != 0) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40602, name + " is only valid as the first stage in a pipeline");
      }
      if (parsed.position() == StagePosition.LAST && i != pipeline.size() - 1) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40601, name + " can only be the final stage in the pipeline");
      }
      stages.add(parsed);
    }
    return new Pipeline(stages, context);
  }

  /** The pipeline without its first {@code count} stages. */
  public Pipeline drop(int count) {
    return new Pipeline(stages.subList(count, stages.size()), context);
  }

  /** The stages as explain shows them. */
  public List<BsonDocument> explain() {
    List<BsonDocument> out = new ArrayList<>(stages.size());
    stages.forEach(stage -> out.add(stage.explain()));
    return out;
  }

  /** Whether the pipeline has no stage (it returns its input). */
  public boolean isEmpty() {
    return stages.isEmpty();
  }

  /**
   * The leading stages of a pipeline that a find runs exactly alike: {@code $match} stages (several
   * combine under {@code $and}), then at most one {@code $sort}, then {@code $skip} stages
   * (summed), then {@code $limit} stages (the smallest wins). Find skips before it limits, so a
   * {@code $skip} after a {@code $limit} ends the prefix, as does any other stage. {@code $project}
   * is not folded: its rules differ from find's projection.
   *
   * @param filter the find's filter ({@code {}} when no stage matched)
   * @param sort the find's sort ({@code {}} for none)
   * @param skip documents to skip
   * @param limit documents to return at most, 0 for all
   * @param stages how many leading stages of the pipeline this prefix replaces
   */
  public record FindPrefix(
      BsonDocument filter, BsonDocument sort, int skip, int limit, int stages) {}

  /**
   * The find prefix of {@code pipeline}, which must have parsed: {@link #parse} first, so that an
   * invalid stage fails as it always did.
   */
  public static FindPrefix findPrefix(List<BsonDocument> pipeline) {
    int position = 0;
    List<BsonDocument> matches = new ArrayList<>();
    while (position < pipeline.size() && stageSpec(pipeline.get(position), "$match") != null) {
      BsonDocument match = stageSpec(pipeline.get(position), "$match").asDocument();
      if (!match.isEmpty()) {
        matches.add(match);
      }
      position++;
    }
    BsonDocument sort = new BsonDocument();
    if (position < pipeline.size()) {
      BsonValue spec = stageSpec(pipeline.get(position), "$sort");
      if (spec != null && !spec.asDocument().containsKey("$natural")) {
        sort = spec.asDocument();
        position++;
      }
    }
    long skip = 0;
    while (position < pipeline.size()) {
      Optional<Long> value = integral(stageSpec(pipeline.get(position), "$skip"));
      if (value.isEmpty() || skip + value.get() > Integer.MAX_VALUE) {
        break;
      }
      skip += value.get();
      position++;
    }
    long limit = 0;
    while (position < pipeline.size()) {
      Optional<Long> value = integral(stageSpec(pipeline.get(position), "$limit"));
      if (value.isEmpty() || value.get() <= 0 || value.get() > Integer.MAX_VALUE) {
        break;
      }
      limit = limit == 0 ? value.get() : Math.min(limit, value.get());
      position++;
    }
    BsonDocument filter =
        switch (matches.size()) {
          case 0 -> new BsonDocument();
          case 1 -> matches.getFirst();
          default -> new BsonDocument("$and", new BsonArray(List.copyOf(matches)));
        };
    return new FindPrefix(filter, sort, (int) skip, (int) limit, position);
  }

  /**
   * Whether {@code rest} is exactly the stage the driver's {@code countDocuments} ends with: {@code
   * {$group: {_id: 1 (or null), <field>: {$sum: 1}}}}. Its result is one {@code {_id, <field>:
   * count}} document, or none when nothing matched.
   *
   * @return the group's {@code _id} and count field, or empty
   */
  public static Optional<CountGroup> countGroup(List<BsonDocument> rest) {
    if (rest.size() != 1) {
      return Optional.empty();
    }
    BsonValue spec = stageSpec(rest.getFirst(), "$group");
    if (spec == null || spec.asDocument().size() != 2) {
      return Optional.empty();
    }
    BsonDocument group = spec.asDocument();
    BsonValue id = group.get("_id");
    if (!new BsonInt32(1).equals(id) && !BsonNull.VALUE.equals(id)) {
      return Optional.empty();
    }
    String field = group.getFirstKey().equals("_id") ? List.copyOf(group.keySet()).get(1) : null;
    if (field == null
        || !new BsonDocument("$sum", new BsonInt32(1)).equals(group.get(field))
        || field.startsWith("$")
        || field.contains(".")) {
      return Optional.empty();
    }
    return Optional.of(new CountGroup(id, field));
  }

  /**
   * The {@code $group} that counts its input.
   *
   * @param id the group's constant {@code _id}
   * @param field the field holding the count
   */
  public record CountGroup(BsonValue id, String field) {}

  private static BsonValue stageSpec(BsonDocument stage, String name) {
    if (stage.size() != 1 || !stage.containsKey(name)) {
      return null;
    }
    BsonValue spec = stage.get(name);
    return switch (name) {
      case "$match", "$sort", "$group" -> spec.isDocument() ? spec : null;
      default -> spec;
    };
  }

  /** A whole number, as stored (32 or 64 bits), or a double that is one. */
  private static Optional<Long> integral(BsonValue value) {
    if (value == null) {
      return Optional.empty();
    }
    if (value.isInt32() || value.isInt64()) {
      long number = value.asNumber().longValue();
      return number < 0 ? Optional.empty() : Optional.of(number);
    }
    if (value.isDouble()) {
      double number = value.asDouble().getValue();
      return number >= 0 && number == Math.rint(number) && number < 1e18
          ? Optional.of((long) number)
          : Optional.empty();
    }
    return Optional.empty();
  }

  /** Runs the pipeline over {@code input}. */
  public Iterator<BsonDocument> run(Iterator<BsonDocument> input) {
    Iterator<BsonDocument> current = input;
    for (PipelineStage stage : stages) {
      current = stage.apply(current, context);
    }
    return current;
  }
}
