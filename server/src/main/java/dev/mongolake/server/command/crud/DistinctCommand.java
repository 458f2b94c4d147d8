package dev.mongolake.server.command.crud;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.query.BsonComparisonOrder;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code distinct}: {@code {distinct: <coll>, key, query}}. Array values contribute their elements,
 * as in MongoDB; values are returned in BSON order.
 */
public final class DistinctCommand extends CollectionCommand {

  public DistinctCommand(MongoLake lake) {
    super(lake);
  }

  @Override
  public String name() {
    return "distinct";
  }

  @Override
  public String help() {
    return "List the distinct values of a field among matching documents.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    if (!request.body().isString("key")) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH, "BSON field 'distinct.key' is missing or not a string");
    }
    String key = request.body().getString("key").getValue();
    TreeSet<BsonValue> values = new TreeSet<>(BsonComparisonOrder.INSTANCE);
    try (MongoLakeCursor<BsonDocument> cursor =
        collection(namespace).find(args.document("query", new BsonDocument())).iterator()) {
      while (cursor.hasNext()) {
        for (BsonValue value : valuesAt(cursor.next(), key.split("\\."), 0)) {
          if (value instanceof BsonArray array) {
            values.addAll(array.getValues());
          } else {
            values.add(value);
          }
        }
      }
    }
    return new BsonDocument("values", new BsonArray(new ArrayList<>(values)));
  }

  private static List<BsonValue> valuesAt(BsonValue current, String[] path, int index) {
    if (index == path.length) {
      return List.of(current);
    }
    List<BsonValue> out = new ArrayList<>();
    if (current instanceof BsonDocument document && document.containsKey(path[index])) {
      out.addAll(valuesAt(document.get(path[index]), path, index + 1));
    } else if (current instanceof BsonArray array) {
      for (BsonValue element : array) {
        if (element instanceof BsonDocument) {
          out.addAll(valuesAt(element, path, index));
        }
      }
    }
    return out;
  }
}
