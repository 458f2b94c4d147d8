package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.aggregate.internal.window.OutputPath;
import dev.mongolake.aggregate.internal.window.Partition;
import dev.mongolake.aggregate.internal.window.SortBy;
import dev.mongolake.aggregate.internal.window.WindowFunction;
import dev.mongolake.aggregate.internal.window.WindowFunctions;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $setWindowFields: {partitionBy, sortBy, output: {<path>: {<function>: .., window: ..}}}}:
 * sorts its input by partition then {@code sortBy} (as MongoDB does, so partitions come out in
 * partition order) and sets each output path of each document to its window function's value over
 * the document's partition. The sort keeps to the stage's memory limit and spills as {@code $sort}
 * does; then one partition at a time is held ({@link WindowPartitions}: a partition over the limit
 * fails with 5414201).
 *
 * @param specification the stage as written
 * @param partitionBy the partition expression, or null for one partition
 * @param sortBy the sortBy
 * @param sortField the first sortBy field as an expression, or null
 * @param outputs the output paths and their functions, in order
 */
record SetWindowFieldsStage(
    BsonDocument specification,
    Expression partitionBy,
    SortBy sortBy,
    Expression sortField,
    List<Output> outputs)
    implements PipelineStage {

  private static final String NAME = "$setWindowFields";

  /** One output path and its function. */
  record Output(String path, WindowFunction function) {}

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "the $setWindowFields stage specification must be an object, found "
              + BsonTypeNames.of(specification));
    }
    BsonDocument spec = specification.asDocument();
    for (String key : spec.keySet()) {
      if (!key.equals("partitionBy") && !key.equals("sortBy") && !key.equals("output")) {
        throw new MongoLakeException(
            ErrorCode.IDL_UNKNOWN_FIELD,
            "BSON field '$setWindowFields." + key + "' is an unknown field.");
      }
    }
    SortBy sortBy = SortBy.NONE;
    if (spec.containsKey("sortBy")) {
      sortBy = SortBy.parse(objectField(spec, "sortBy"), context.order());
    }
    if (!spec.containsKey("output")) {
      throw new MongoLakeException(
          ErrorCode.IDL_MISSING_FIELD,
          "BSON field '$setWindowFields.output' is missing but a required field");
    }
    BsonDocument output = objectField(spec, "output");
    Expression partitionBy = null;
    if (spec.containsKey("partitionBy")) {
      partitionBy = ExpressionParser.parse(spec.get("partitionBy"), context.scope());
      if (partitionBy.isConstant()) {
        BsonValue constant = partitionBy.evaluate(context.newVariables());
        if (constant != null && constant.isArray()) {
          throw arrayPartition();
        }
        partitionBy = null; // one partition
      }
    }
    List<Output> outputs = new ArrayList<>();
    for (Map.Entry<String, BsonValue> entry : output.entrySet()) {
      OutputPath.check(entry.getKey());
      for (Output earlier : outputs) {
        if (conflict(earlier.path(), entry.getKey())) {
          throw new MongoLakeException(
              ErrorCode.LOCATION_6307900,
              "$setWindowFields 'output' specification contains two conflicting paths");
        }
      }
      outputs.add(
          new Output(
              entry.getKey(),
              WindowFunctions.parse(entry.getKey(), entry.getValue(), sortBy, context.scope())));
    }
    Expression sortField =
        sortBy.size() == 0
            ? null
            : ExpressionParser.parse(new BsonString("$" + sortBy.firstField()), context.scope());
    return new SetWindowFieldsStage(spec, partitionBy, sortBy, sortField, outputs);
  }

  private static BsonDocument objectField(BsonDocument spec, String field) {
    BsonValue value = spec.get(field);
    if (!value.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field '$setWindowFields."
              + field
              + "' is the wrong type '"
              + BsonTypeNames.of(value)
              + "', expected type 'object'");
    }
    return value.asDocument();
  }

  private static boolean conflict(String a, String b) {
    return a.equals(b) || a.startsWith(b + ".") || b.startsWith(a + ".");
  }

  private static MongoLakeException arrayPartition() {
    return new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "An expression used to partition cannot evaluate to value of type array");
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    Variables variables = context.newVariables();
    WindowPartitions.Builder partitions =
        new WindowPartitions.Builder(
            partitionBy == null && !sortBy.present() ? null : sortBy.order(), context);
    while (input.hasNext()) {
      BsonDocument document = input.next();
      BsonValue key = null;
      if (partitionBy != null) {
        variables.setDocument(document);
        key = partitionBy.evaluate(variables);
        if (key != null && key.isArray()) {
          throw arrayPartition();
        }
      }
      partitions.add(key, document);
    }
    WindowPartitions sorted = partitions.partitions();
    // One partition at a time: computed when the one before has been read.
    return new Iterator<>() {
      private Iterator<BsonDocument> current = Collections.emptyIterator();

      @Override
      public boolean hasNext() {
        while (!current.hasNext() && sorted.hasNext()) {
          current = window(sorted.next(), variables).iterator();
        }
        return current.hasNext();
      }

      @Override
      public BsonDocument next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return current.next();
      }
    };
  }

  private List<BsonDocument> window(List<BsonDocument> documents, Variables variables) {
    BsonValue[] sortValues = new BsonValue[documents.size()];
    Partition partition = new Partition(documents, sortValues, sortBy, variables);
    if (sortField != null) {
      System.arraycopy(partition.evaluate(sortField), 0, sortValues, 0, sortValues.length);
    }
    List<BsonValue[]> results = new ArrayList<>(outputs.size());
    for (Output output : outputs) {
      results.add(output.function().compute(partition));
    }
    List<BsonDocument> out = new ArrayList<>(documents.size());
    for (int i = 0; i < documents.size(); i++) {
      BsonDocument document = documents.get(i);
      for (int f = 0; f < outputs.size(); f++) {
        document = OutputPath.with(document, outputs.get(f).path(), results.get(f)[i]);
      }
      out.add(document);
    }
    return out;
  }

  @Override
  public boolean isBlocking() {
    return true;
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(NAME, specification);
  }
}
