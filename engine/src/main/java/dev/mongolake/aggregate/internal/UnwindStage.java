package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $unwind: "$a.b"} or {@code {path, includeArrayIndex, preserveNullAndEmptyArrays}}: one
 * document per element of the array at the path (through sub-documents only, as MongoDB's {@code
 * getNestedField}). A value that is not an array passes as itself; missing, null and an empty array
 * give nothing, unless preserved (the empty array's field then removed). The index, when asked for,
 * is a long, or null for a value that was not an array element.
 *
 * @param path the path's field names
 * @param indexPath the includeArrayIndex field names, or null
 * @param preserveNullAndEmptyArrays whether documents without elements still come out
 */
record UnwindStage(List<String> path, List<String> indexPath, boolean preserveNullAndEmptyArrays)
    implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    String path = "";
    String index = null;
    boolean preserve = false;
    if (specification instanceof BsonDocument options) {
      for (Map.Entry<String, BsonValue> option : options.entrySet()) {
        BsonValue value = option.getValue();
        switch (option.getKey()) {
          case "path" -> {
            if (!value.isString()) {
              throw new MongoLakeException(
                  ErrorCode.LOCATION_28808,
                  "expected a string as the path for $unwind stage, got "
                      + BsonTypeNames.of(value));
            }
            path = value.asString().getValue();
          }
          case "preserveNullAndEmptyArrays" -> {
            if (!value.isBoolean()) {
              throw new MongoLakeException(
                  ErrorCode.LOCATION_28809,
                  "expected a boolean for the preserveNullAndEmptyArrays option to $unwind stage,"
                      + " got "
                      + BsonTypeNames.of(value));
            }
            preserve = value.asBoolean().getValue();
          }
          case "includeArrayIndex" -> {
            if (!value.isString() || value.asString().getValue().isEmpty()) {
              throw new MongoLakeException(
                  ErrorCode.LOCATION_28810,
                  "expected a non-empty string for the includeArrayIndex  option to $unwind"
                      + " stage, got "
                      + BsonTypeNames.of(value));
            }
            index = value.asString().getValue();
            if (index.startsWith("$")) {
              throw new MongoLakeException(
                  ErrorCode.LOCATION_28822,
                  "includeArrayIndex option to $unwind stage should not be prefixed with a '$': "
                      + index);
            }
          }
          default ->
              throw new MongoLakeException(
                  ErrorCode.LOCATION_28811,
                  "unrecognized option to $unwind stage: " + option.getKey());
        }
      }
    } else if (specification.isString()) {
      path = specification.asString().getValue();
    } else {
      throw new MongoLakeException(
          ErrorCode.LOCATION_15981,
          "expected either a string or an object as specification for $unwind stage, got "
              + BsonTypeNames.of(specification));
    }
    if (path.isEmpty()) {
      throw new MongoLakeException(ErrorCode.LOCATION_28812, "no path specified to $unwind stage");
    }
    if (!path.startsWith("$")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28818,
          "path option to $unwind stage should be prefixed with a '$': " + path);
    }
    return new UnwindStage(
        FieldNames.of(path.substring(1)), index == null ? null : FieldNames.of(index), preserve);
  }

  @Override
  public String name() {
    return "$unwind";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    return new Iterator<>() {
      private final List<BsonDocument> pending = new ArrayList<>();
      private int next;

      @Override
      public boolean hasNext() {
        while (next == pending.size()) {
          if (!input.hasNext()) {
            return false;
          }
          pending.clear();
          next = 0;
          unwind(input.next(), pending);
        }
        return true;
      }

      @Override
      public BsonDocument next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return pending.get(next++);
      }
    };
  }

  private void unwind(BsonDocument document, List<BsonDocument> out) {
    BsonValue value = FieldNames.get(document, path);
    if (value instanceof BsonArray array) {
      if (array.isEmpty()) {
        if (preserveNullAndEmptyArrays) {
          BsonDocument copy = document.clone();
          FieldNames.remove(copy, path);
          out.add(withIndex(copy, BsonNull.VALUE));
        }
        return;
      }
      for (int i = 0; i < array.size(); i++) {
        BsonDocument copy = document.clone();
        FieldNames.set(copy, path, array.get(i));
        out.add(withIndex(copy, new BsonInt64(i)));
      }
    } else if (value == null
        || value.isNull()
        || value.getBsonType() == org.bson.BsonType.UNDEFINED) {
      if (preserveNullAndEmptyArrays) {
        out.add(withIndex(document.clone(), BsonNull.VALUE));
      }
    } else {
      out.add(withIndex(document.clone(), BsonNull.VALUE));
    }
  }

  private BsonDocument withIndex(BsonDocument document, BsonValue index) {
    if (indexPath != null) {
      FieldNames.set(document, indexPath, index);
    }
    return document;
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    dependencies.addPath(String.join(".", path));
  }

  @Override
  public Optional<Set<String>> matchMayMoveBeforeUnlessReading() {
    Set<String> changed = new TreeSet<>();
    changed.add(String.join(".", path));
    if (indexPath != null) {
      changed.add(String.join(".", indexPath));
    }
    return Optional.of(Collections.unmodifiableSet(changed));
  }

  @Override
  public BsonDocument explain() {
    BsonDocument spec = new BsonDocument("path", new BsonString("$" + String.join(".", path)));
    if (preserveNullAndEmptyArrays) {
      spec.put("preserveNullAndEmptyArrays", BsonBoolean.TRUE);
    }
    if (indexPath != null) {
      spec.put("includeArrayIndex", new BsonString(String.join(".", indexPath)));
    }
    return new BsonDocument(name(), spec);
  }
}
