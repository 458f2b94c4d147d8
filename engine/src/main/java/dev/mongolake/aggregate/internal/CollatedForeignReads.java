package dev.mongolake.aggregate.internal;

import dev.mongolake.MongoLakeCollection;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.read.QueryErrors;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Reads of other collections ({@code $lookup}, {@code $graphLookup}, {@code $unionWith}) under the
 * pipeline's collation. MongoDB compares the foreign side by the pipeline's collation, not the
 * foreign collection's default; a foreign find compares by the collection's own, so under a
 * collation other than the simple one the find only narrows: it selects a superset that no
 * collation can shrink (each value holding a string stands for every value of its type), and the
 * filter itself runs here, parsed under the pipeline's collation. Under the simple collation the
 * filter goes to the foreign planner whole, as before.
 */
final class CollatedForeignReads {

  private CollatedForeignReads() {}

  /**
   * A filter selecting at least the documents whose {@code path} equals one of {@code values} under
   * {@code order}, whichever collation the reading collection applies: {@link
   * ForeignCollections#equalToAny} itself under the simple order, else its values that hold no
   * string, or-ed with a {@code $type} of each type whose values do.
   */
  static BsonDocument candidatesOfAny(
      String path, List<BsonValue> values, BsonComparisonOrder order) {
    if (order.isSimple()) {
      return ForeignCollections.equalToAny(path, values);
    }
    List<BsonValue> plain = new ArrayList<>();
    Set<String> types = new LinkedHashSet<>();
    for (BsonValue value : values) {
      if (!order.collates(value)) {
        plain.add(value);
      } else if (value.isString() || value.isSymbol()) {
        types.add("string");
        types.add("symbol");
      } else if (value.isDocument()) {
        types.add("object");
      } else {
        // An array value equals an array at the path, or an array element of one.
        types.add("array");
      }
    }
    List<BsonValue> alternatives = new ArrayList<>();
    if (!plain.isEmpty()) {
      alternatives.add(ForeignCollections.equalToAny(path, plain));
    }
    if (!types.isEmpty()) {
      BsonArray typeNames = new BsonArray();
      types.forEach(type -> typeNames.add(new BsonString(type)));
      alternatives.add(new BsonDocument(path, new BsonDocument("$type", typeNames)));
    }
    return alternatives.size() == 1
        ? alternatives.getFirst().asDocument()
        : new BsonDocument("$or", new BsonArray(alternatives));
  }

  /**
   * The documents of {@code collection} matching {@code filter} under the pipeline's collation.
   *
   * @param candidates a filter selecting at least those documents under any collation (see {@link
   *     #candidatesOfAny}), or {@code null} to read the whole collection; used only under a
   *     collation other than the simple one
   */
  static List<BsonDocument> findAll(
      MongoLakeCollection<BsonDocument> collection,
      BsonDocument filter,
      BsonDocument candidates,
      PipelineContext context) {
    boolean allowDiskUse = context.environment().allowDiskUse();
    if (context.order().isSimple()) {
      return ForeignCollections.findAll(collection, filter, allowDiskUse);
    }
    List<BsonDocument> read =
        ForeignCollections.findAll(
            collection, candidates == null ? new BsonDocument() : candidates, allowDiskUse);
    if (filter == null || filter.isEmpty()) {
      return read;
    }
    Filter collated = QueryErrors.parseFilter(filter, context.collation());
    List<BsonDocument> out = new ArrayList<>();
    for (BsonDocument document : read) {
      if (QueryErrors.matches(collated, document)) {
        out.add(document);
      }
    }
    return out;
  }
}
