package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.window.OutputPath;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.internal.read.SortOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * {@code $densify: {field, partitionByFields, range: {step, unit, bounds}}}: adds a document (with
 * only the field and the partition fields) for each missing value of the sequence {@code lower,
 * lower + step, ...}: from the smallest value of all documents up to the largest ({@code full}),
 * within each partition's own smallest and largest ({@code partition}), or over {@code [lower,
 * upper)}. Documents whose field is null or missing pass through unchanged. The output is sorted by
 * partition and field (by field alone for {@code full}), as MongoDB sorts it.
 *
 * @param specification the stage as written
 * @param field the densified path
 * @param partitionFields the partition paths
 * @param range the step, unit and bounds
 */
record DensifyStage(
    BsonDocument specification, String field, List<String> partitionFields, DensifyRange range)
    implements PipelineStage {

  private static final String NAME = "$densify";

  /** MongoDB's default {@code internalQueryMaxAllowedDensifyDocs}. */
  static final long MAX_GENERATED = 500_000;

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "The $densify stage specification must be an object, found "
              + BsonTypeNames.of(specification));
    }
    BsonDocument spec = specification.asDocument();
    for (String key : spec.keySet()) {
      if (!List.of("field", "partitionByFields", "range").contains(key)) {
        throw new MongoLakeException(
            ErrorCode.IDL_UNKNOWN_FIELD, "BSON field '$densify." + key + "' is an unknown field.");
      }
    }
    for (String required : new String[] {"field", "range"}) {
      if (!spec.containsKey(required)) {
        throw new MongoLakeException(
            ErrorCode.IDL_MISSING_FIELD,
            "BSON field '$densify." + required + "' is missing but a required field");
      }
    }
    String field = path(spec.get("field"), "field");
    List<String> partitions = new ArrayList<>();
    if (spec.containsKey("partitionByFields")) {
      BsonValue fields = spec.get("partitionByFields");
      if (!fields.isArray()) {
        throw wrongType("partitionByFields", fields, "array");
      }
      for (BsonValue partition : fields.asArray()) {
        partitions.add(path(partition, "partitionByFields"));
      }
    }
    DensifyRange range = DensifyRange.parse(spec.get("range"));
    if (range.mode() == DensifyRange.Mode.PARTITION && partitions.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5733408,
          "One cannot specify the bounds as 'partition' without specifying a non-empty array of"
              + " partitionByFields. You may have meant to specify 'full' bounds.");
    }
    return new DensifyStage(spec, field, List.copyOf(partitions), range);
  }

  private static String path(BsonValue value, String field) {
    if (!value.isString()) {
      throw wrongType(field, value, "string");
    }
    String path = value.asString().getValue();
    if (path.isEmpty()) {
      // MongoDB's FieldPath constructor's check.
      throw new MongoLakeException(
          ErrorCode.LOCATION_40352, "FieldPath cannot be constructed with empty string");
    }
    OutputPath.check(path);
    return path;
  }

  private static MongoLakeException wrongType(String field, BsonValue value, String type) {
    return new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "BSON field '$densify."
            + field
            + "' is the wrong type '"
            + BsonTypeNames.of(value)
            + "', expected type '"
            + type
            + "'");
  }

  @Override
  public String name() {
    return NAME;
  }

  /** A path's value without going through arrays ({@code null} when missing). */
  private static BsonValue valueAt(BsonDocument document, String path) {
    BsonValue current = document;
    for (String part : path.split("\\.", -1)) {
      if (!(current instanceof BsonDocument nested)) {
        return null;
      }
      current = nested.get(part);
    }
    return current;
  }

  private BsonDocument partitionOf(BsonDocument document) {
    BsonDocument key = new BsonDocument();
    for (String partition : partitionFields) {
      BsonValue value = valueAt(document, partition);
      if (value != null) {
        key = OutputPath.with(key, partition, value);
      }
    }
    return key;
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    BsonDocument sort = new BsonDocument();
    boolean full = range.mode() == DensifyRange.Mode.FULL;
    if (!full) {
      partitionFields.forEach(partition -> sort.put(partition, new BsonInt32(1)));
    }
    sort.put(field, new BsonInt32(1));
    List<BsonDocument> all = new ArrayList<>();
    input.forEachRemaining(all::add);
    // Partitions follow the command's collation (two strings it finds equal are one partition);
    // the densified field is a number or a date, which no collation changes.
    all.sort(SortOrder.parse(sort, context.order()));
    // Runs of one partition (contiguous in this order unless full), each with the documents whose
    // field is null or missing (they sort first and pass through) and the others.
    List<Run> runs = new ArrayList<>();
    java.util.Map<BsonDocument, Run> byKey = new java.util.TreeMap<>(context.order()::compare);
    BsonValue min = null;
    BsonValue max = null;
    for (BsonDocument document : all) {
      BsonDocument key = partitionOf(document);
      Run run = byKey.computeIfAbsent(key, Run::new);
      if (run.passed.isEmpty() && run.values.isEmpty()) {
        runs.add(run);
      }
      BsonValue value = valueAt(document, field);
      if (value == null || value.isNull()) {
        run.passed.add(document);
        continue;
      }
      range.check(value);
      min = min == null || compare(value, min) < 0 ? value : min;
      max = max == null || compare(value, max) > 0 ? value : max;
      run.values.add(document);
    }
    if (range.mode() == DensifyRange.Mode.EXPLICIT && partitionFields.isEmpty() && runs.isEmpty()) {
      runs.add(new Run(new BsonDocument())); // the range is generated even over no documents
    }
    Generated counter = new Generated();
    List<BsonDocument> out = new ArrayList<>(all.size());
    for (Run run : runs) {
      out.addAll(run.passed);
      List<BsonDocument> documents = run.values;
      if (documents.isEmpty()
          && !(range.mode() == DensifyRange.Mode.EXPLICIT && partitionFields.isEmpty())) {
        continue; // a partition with no value is not densified
      }
      switch (range.mode()) {
        case FULL -> out.addAll(densify(documents, run.key, min, max, true, counter));
        case PARTITION ->
            out.addAll(
                densify(
                    documents,
                    run.key,
                    valueAt(documents.get(0), field),
                    valueAt(documents.get(documents.size() - 1), field),
                    false,
                    counter));
        default ->
            out.addAll(densify(documents, run.key, range.lower(), range.upper(), false, counter));
      }
    }
    if (full && !partitionFields.isEmpty()) {
      // Sorted by the field alone, as MongoDB's input is: partitions interleave.
      Comparator<BsonDocument> byField =
          (a, b) -> compareNullable(valueAt(a, field), valueAt(b, field));
      out.sort(byField);
    }
    return out.iterator();
  }

  /** One partition's documents. */
  private static final class Run {
    final BsonDocument key;
    final List<BsonDocument> passed = new ArrayList<>();
    final List<BsonDocument> values = new ArrayList<>();

    Run(BsonDocument key) {
      this.key = key;
    }
  }

  /** Counts generated documents against MongoDB's limit. */
  private static final class Generated {
    private long count;

    void add() {
      if (++count > MAX_GENERATED) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5897900,
            "Generated "
                + count
                + " documents in $densify, which is over the limit of "
                + MAX_GENERATED
                + ". Increase the 'internalQueryMaxAllowedDensifyDocs' parameter to allow more"
                + " generated documents");
      }
    }
  }

  /** One partition's documents (sorted by the field) with the missing steps inserted. */
  private List<BsonDocument> densify(
      List<BsonDocument> documents,
      BsonDocument key,
      BsonValue lower,
      BsonValue upper,
      boolean upperIncluded,
      Generated counter) {
    List<BsonDocument> out = new ArrayList<>();
    BsonValue next = lower;
    for (BsonDocument document : documents) {
      BsonValue value = valueAt(document, field);
      while (next != null && below(next, upper, upperIncluded) && compare(next, value) < 0) {
        counter.add();
        out.add(OutputPath.with(key, field, next));
        next = range.next(next);
      }
      if (next != null && compare(next, value) == 0) {
        next = range.next(next);
      }
      out.add(document);
    }
    while (next != null && below(next, upper, upperIncluded)) {
      counter.add();
      out.add(OutputPath.with(key, field, next));
      next = range.next(next);
    }
    return out;
  }

  private static boolean below(BsonValue value, BsonValue upper, boolean included) {
    int order = compare(value, upper);
    return included ? order <= 0 : order < 0;
  }

  private static int compare(BsonValue a, BsonValue b) {
    return BsonComparisonOrder.INSTANCE.compare(a, b);
  }

  private static int compareNullable(BsonValue a, BsonValue b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    return compare(a, b);
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
