package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Spliterators;
import java.util.stream.StreamSupport;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $lookup}: adds to each document the array {@code as} of the documents of {@code from} that
 * join it. The equality form {@code {from, localField, foreignField, as}} matches as a query's
 * equality does (every value {@code localField} reaches, array elements included, may equal {@code
 * foreignField} or one of its elements; a missing or null local value matches foreign null or
 * missing) and reads {@code from} through its query planner, so an index on {@code foreignField}
 * serves it. The pipeline form {@code {from, let, pipeline, as}} runs the pipeline per document
 * with the {@code let} variables bound to that document's values; both combine ({@code
 * localField}/{@code foreignField} filter before the pipeline). {@code from} may be left out when
 * the pipeline starts with {@code $documents}.
 *
 * @param specification the stage as written
 * @param from the foreign collection's name, {@code null} for a {@code $documents} pipeline
 * @param as the output field
 * @param localField the local path of the equality, or {@code null}
 * @param foreignField the foreign path of the equality, or {@code null}
 * @param let the variables the pipeline sees, by name, with their expressions
 * @param pipelineScope the scope defining them
 * @param pipeline the pipeline, or {@code null}
 */
record LookupStage(
    BsonDocument specification,
    String from,
    String as,
    String localField,
    String foreignField,
    Map<String, Expression> let,
    VariableScope pipelineScope,
    SubPipeline pipeline)
    implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "the $lookup stage specification must be an object, but found "
              + BsonTypeNames.of(specification));
    }
    BsonDocument spec = specification.asDocument();
    String from = null;
    String as = "";
    String localField = "";
    String foreignField = "";
    BsonValue pipelineValue = null;
    BsonDocument letSpec = null;
    for (Map.Entry<String, BsonValue> argument : spec.entrySet()) {
      String name = argument.getKey();
      BsonValue value = argument.getValue();
      switch (name) {
        case "pipeline" -> pipelineValue = value;
        case "let" -> {
          if (!value.isDocument()) {
            throw new MongoLakeException(
                ErrorCode.FAILED_TO_PARSE,
                "$lookup argument 'let: "
                    + StageSpecs.json(value)
                    + "' must be an object, is type "
                    + BsonTypeNames.of(value));
          }
          letSpec = value.asDocument();
        }
        case "from" -> from = fromName(value);
        default -> {
          if (!value.isString()) {
            throw new MongoLakeException(
                ErrorCode.FAILED_TO_PARSE,
                "$lookup argument '"
                    + name
                    + "' must be a string, found "
                    + name
                    + ": "
                    + StageSpecs.json(value)
                    + ": "
                    + BsonTypeNames.of(value));
          }
          String text = value.asString().getValue();
          switch (name) {
            case "as" -> as = text;
            case "localField" -> localField = text;
            case "foreignField" -> foreignField = text;
            default ->
                throw new MongoLakeException(
                    ErrorCode.FAILED_TO_PARSE, "unknown argument to $lookup: " + name);
          }
        }
      }
    }
    if (from == null) {
      if (pipelineValue == null) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE, "must specify 'pipeline' when 'from' is empty");
      }
    }
    Map<String, Expression> let = new LinkedHashMap<>();
    VariableScope scope = context.scope();
    if (letSpec != null) {
      for (Map.Entry<String, BsonValue> variable : letSpec.entrySet()) {
        let.put(variable.getKey(), ExpressionParser.parse(variable.getValue(), context.scope()));
        scope = scope.define(variable.getKey());
      }
    }
    SubPipeline pipeline =
        pipelineValue == null
            ? null
            : SubPipeline.parse(pipelineValue, context.withScope(scope), "$lookup");
    if (from == null && !pipeline.fromDocuments()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "$lookup stage without explicit collection must have a pipeline with $documents as first"
              + " stage");
    }
    if (as.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "must specify 'as' field for a $lookup");
    }
    if (pipeline != null) {
      if (localField.isEmpty() != foreignField.isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "$lookup requires both or neither of 'localField' and 'foreignField' to be specified");
      }
    } else {
      if (localField.isEmpty() || foreignField.isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "$lookup requires either 'pipeline' or both 'localField' and 'foreignField' to be"
                + " specified");
      }
      if (letSpec != null) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "$lookup with a 'let' argument must also specify 'pipeline'");
      }
    }
    StageSpecs.fieldPath(as);
    if (!localField.isEmpty()) {
      StageSpecs.fieldPath(localField);
      StageSpecs.fieldPath(foreignField);
    }
    return new LookupStage(
        spec,
        from,
        as,
        localField.isEmpty() ? null : localField,
        foreignField.isEmpty() ? null : foreignField,
        let,
        scope,
        pipeline);
  }

  private static String fromName(BsonValue value) {
    if (value.isDocument()) {
      BsonDocument namespace = value.asDocument();
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "$lookup with syntax {from: {db:<>, coll:<>},..} is not supported for db: "
              + text(namespace.get("db"))
              + " and coll: "
              + text(namespace.get("coll")));
    }
    if (!value.isString()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "$lookup 'from' field must be a string, but found " + BsonTypeNames.of(value));
    }
    return value.asString().getValue();
  }

  private static String text(BsonValue value) {
    return value != null && value.isString() ? value.asString().getValue() : "";
  }

  @Override
  public String name() {
    return "$lookup";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    MongoLakeCollection<BsonDocument> foreign =
        from == null ? null : ForeignCollections.collection(context, null, from, "$lookup");
    if (pipeline == null && localField != null) {
      // A hash join, or one foreign query per batch of input documents.
      Iterator<Map.Entry<BsonDocument, List<BsonDocument>>> joined =
          new EqualityJoin(
                  foreign, localField, foreignField, context.memoryLimit(), context.order())
              .join(input);
      return StreamSupport.stream(Spliterators.spliteratorUnknownSize(joined, 0), false)
          .map(
              entry ->
                  DocumentPaths.withValue(
                      entry.getKey(), as, DocumentPaths.array(entry.getValue())))
          .iterator();
    }
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(input, 0), false)
        .map(document -> DocumentPaths.withValue(document, as, joined(document, foreign, context)))
        .iterator();
  }

  private BsonValue joined(
      BsonDocument document, MongoLakeCollection<BsonDocument> foreign, PipelineContext context) {
    BsonDocument equality = null;
    BsonDocument candidates = null;
    if (localField != null) {
      List<BsonValue> values = DocumentPaths.valuesAt(document, localField);
      if (values.isEmpty()) {
        // A missing local value joins as null: it matches foreign null and missing.
        values = new ArrayList<>(List.of(BsonNull.VALUE));
      }
      equality = ForeignCollections.equalToAny(foreignField, values);
      candidates = CollatedForeignReads.candidatesOfAny(foreignField, values, context.order());
    }
    if (pipeline == null) {
      return DocumentPaths.array(
          CollatedForeignReads.findAll(foreign, equality, candidates, context));
    }
    Variables variables = context.newVariables().setDocument(document);
    Map<String, BsonValue> values = new LinkedHashMap<>();
    let.forEach((name, expression) -> values.put(name, expression.evaluate(variables)));
    PipelineContext run = context.withVariables(pipelineScope, values);
    return DocumentPaths.array(pipeline.run(foreign, equality, candidates, run));
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
