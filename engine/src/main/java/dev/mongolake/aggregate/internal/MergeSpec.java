package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A parsed {@code $merge} specification: {@code into} (a name or {@code {db, coll}}), {@code on}
 * (default {@code _id}), {@code let} (default {@code {new: "$$ROOT"}}), {@code whenMatched} ({@code
 * replace | keepExisting | merge | fail} or an update pipeline) and {@code whenNotMatched} ({@code
 * insert | discard | fail}); MongoDB's errors for each, and for the mode combinations it refuses.
 *
 * @param database the target database, or {@code null} for the command's
 * @param collection the target collection
 * @param on the fields identifying a target document
 * @param explicitOn whether {@code on} was given
 * @param let the variables of the {@code whenMatched} pipeline with their expressions
 * @param letScope the scope defining them, where the {@code whenMatched} pipeline parsed
 * @param whenMatched the mode, or {@code "pipeline"}
 * @param updatePipeline the {@code whenMatched} pipeline's stages, or {@code null}
 * @param whenNotMatched the mode
 */
record MergeSpec(
    String database,
    String collection,
    List<String> on,
    boolean explicitOn,
    Map<String, Expression> let,
    VariableScope letScope,
    String whenMatched,
    List<PipelineStage> updatePipeline,
    String whenNotMatched) {

  private static final Set<String> WHEN_MATCHED =
      Set.of("replace", "keepExisting", "merge", "fail");
  private static final Set<String> WHEN_NOT_MATCHED = Set.of("insert", "discard", "fail");
  private static final Set<String> UPDATE_STAGES =
      Set.of("$addFields", "$set", "$project", "$unset", "$replaceRoot", "$replaceWith");

  static MergeSpec parse(BsonValue specification, PipelineContext context) {
    if (specification.isString()) {
      return parse(new BsonDocument("into", specification), context);
    }
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51182,
          "$merge only supports a string or object argument, but found "
              + BsonTypeNames.of(specification));
    }
    BsonDocument spec = specification.asDocument();
    for (String field : spec.keySet()) {
      if (!Set.of("into", "on", "let", "whenMatched", "whenNotMatched").contains(field)) {
        throw new MongoLakeException(
            ErrorCode.IDL_UNKNOWN_FIELD, "BSON field '$merge." + field + "' is an unknown field.");
      }
    }
    if (!spec.containsKey("into")) {
      throw new MongoLakeException(
          ErrorCode.IDL_MISSING_FIELD, "BSON field '$merge.into' is missing but a required field");
    }
    String database = null;
    String collection;
    BsonValue into = spec.get("into");
    if (into.isString()) {
      collection = into.asString().getValue();
    } else if (into.isDocument()) {
      database = optionalString(into.asDocument(), "db");
      collection = optionalString(into.asDocument(), "coll");
      collection = collection == null ? "" : collection;
    } else {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51178,
          "$merge 'into' field  must be either a string or an object, but found "
              + BsonTypeNames.of(into));
    }
    String db = database == null ? context.environment().databaseName() : database;
    try {
      new Namespace(db, collection);
    } catch (MongoLakeException e) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "Invalid $merge target namespace: '" + db + "." + collection + "'");
    }
    List<String> on = on(spec.get("on"));
    String whenNotMatched = mode(spec, "whenNotMatched", "insert", WHEN_NOT_MATCHED);
    Map<String, Expression> let = new LinkedHashMap<>();
    VariableScope scope = context.scope();
    BsonValue letValue = spec.get("let");
    BsonDocument letSpec =
        letValue == null || letValue.isNull()
            ? new BsonDocument("new", new BsonString("$$ROOT"))
            : letDocument(letValue);
    for (Map.Entry<String, BsonValue> variable : letSpec.entrySet()) {
      let.put(variable.getKey(), ExpressionParser.parse(variable.getValue(), context.scope()));
      scope = scope.define(variable.getKey());
    }
    BsonValue matched = spec.get("whenMatched");
    String whenMatched;
    List<PipelineStage> pipeline = null;
    if (matched != null && matched.isArray()) {
      whenMatched = "pipeline";
      pipeline = updatePipeline(matched, context.withScope(scope));
    } else {
      if (letValue != null && !letValue.isNull()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_51199,
            "Cannot use 'let' variables with 'whenMatched: "
                + (matched == null ? "merge" : text(matched))
                + "' mode");
      }
      if (matched != null && !matched.isString()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_51191,
            "$merge 'whenMatched' field  must be either a string or an array, but found "
                + BsonTypeNames.of(matched));
      }
      whenMatched = mode(spec, "whenMatched", "merge", WHEN_MATCHED);
    }
    boolean supported =
        switch (whenMatched) {
          case "keepExisting", "fail" -> whenNotMatched.equals("insert");
          default -> true;
        };
    if (!supported) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51181,
          "Combination of $merge modes 'whenMatched: "
              + whenMatched
              + "' and 'whenNotMatched: "
              + whenNotMatched
              + "' is not supported");
    }
    return new MergeSpec(
        database,
        collection,
        on,
        spec.containsKey("on"),
        let,
        scope,
        whenMatched,
        pipeline,
        whenNotMatched);
  }

  private static String text(BsonValue value) {
    return value.isString() ? value.asString().getValue() : StageSpecs.json(value);
  }

  private static BsonDocument letDocument(BsonValue value) {
    if (!value.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field '$merge.let' is the wrong type '"
              + BsonTypeNames.of(value)
              + "', expected type 'object'");
    }
    return value.asDocument();
  }

  private static String optionalString(BsonDocument document, String field) {
    BsonValue value = document.get(field);
    if (value == null) {
      return null;
    }
    if (!value.isString()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'into."
              + field
              + "' is the wrong type '"
              + BsonTypeNames.of(value)
              + "', expected type 'string'");
    }
    return value.asString().getValue();
  }

  private static List<String> on(BsonValue value) {
    if (value == null) {
      return List.of("_id");
    }
    if (value.isString()) {
      return List.of(StageSpecs.fieldPath(value.asString().getValue()));
    }
    if (!value.isArray()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51186,
          "$merge 'on' field  must be either a string or an array of strings, but found "
              + BsonTypeNames.of(value));
    }
    List<String> fields = new ArrayList<>();
    for (BsonValue element : value.asArray()) {
      if (!element.isString()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_51134,
            "$merge 'on' array elements must be strings, but found " + BsonTypeNames.of(element));
      }
      fields.add(StageSpecs.fieldPath(element.asString().getValue()));
    }
    if (fields.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51187,
          "If explicitly specifying $merge 'on', must include at least one field");
    }
    return List.copyOf(fields);
  }

  private static String mode(BsonDocument spec, String field, String absent, Set<String> valid) {
    BsonValue value = spec.get(field);
    if (value == null) {
      return absent;
    }
    if (!value.isString()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field '$merge."
              + field
              + "' is the wrong type '"
              + BsonTypeNames.of(value)
              + "', expected type 'string'");
    }
    String mode = value.asString().getValue();
    if (!valid.contains(mode)) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Enumeration value '"
              + mode
              + "' for field '$merge."
              + field
              + "' is not a valid value.");
    }
    return mode;
  }

  private static List<PipelineStage> updatePipeline(BsonValue value, PipelineContext context) {
    List<PipelineStage> stages = new ArrayList<>();
    for (BsonValue stage : value.asArray()) {
      if (!stage.isDocument()) {
        // MongoDB parses it as any pipeline: each element must be an object first.
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH, "Each element of the 'pipeline' array must be an object");
      }
      String name = StageParsers.stageName(stage.asDocument());
      if (!UPDATE_STAGES.contains(name)) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS, name + " is not allowed to be used within an update");
      }
      stages.add(StageParsers.parse(name, stage.asDocument().get(name), context));
    }
    return List.copyOf(stages);
  }
}
