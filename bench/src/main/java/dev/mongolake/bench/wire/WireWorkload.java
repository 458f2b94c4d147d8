package dev.mongolake.bench.wire;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.result.InsertOneResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.bson.BsonObjectId;
import org.bson.Document;
import org.bson.types.ObjectId;

/** The workloads the wire harness runs, each the same against every target. */
public enum WireWorkload {

  /** The {@code ping} command: one round trip with no storage work. */
  PING("ping") {
    @Override
    public Operation operation(MongoDatabase database) {
      Document command = new Document("ping", 1);
      return () -> {
        Document reply = database.runCommand(command);
        return reply.get("ok") instanceof Number ok && ok.doubleValue() == 1.0;
      };
    }
  },

  /** {@code insertOne} of a ~200-byte document with a fresh ObjectId, acknowledged (w:1). */
  INSERT_ONE("insertOne") {
    @Override
    public void prepare(MongoDatabase database) {
      dropIfPresent(database, INSERT_COLLECTION);
      database.createCollection(INSERT_COLLECTION);
    }

    @Override
    public Operation operation(MongoDatabase database) {
      MongoCollection<Document> collection = database.getCollection(INSERT_COLLECTION);
      return () -> {
        ObjectId id = new ObjectId();
        InsertOneResult result =
            collection.insertOne(document(id, ThreadLocalRandom.current().nextInt(1_000_000)));
        return result.wasAcknowledged() && new BsonObjectId(id).equals(result.getInsertedId());
      };
    }
  },

  /**
   * {@code find} by {@code _id} of one of {@link #FIND_DOCUMENTS} pre-loaded documents, flushed to
   * storage first.
   */
  FIND_BY_ID("find by _id") {
    @Override
    public void prepare(MongoDatabase database) {
      dropIfPresent(database, FIND_COLLECTION);
      MongoCollection<Document> collection = database.getCollection(FIND_COLLECTION);
      List<Document> batch = new ArrayList<>();
      for (int n = 0; n < FIND_DOCUMENTS; n++) {
        batch.add(document(n, n));
        if (batch.size() == 1000) {
          collection.insertMany(batch);
          batch.clear();
        }
      }
      if (!batch.isEmpty()) {
        collection.insertMany(batch);
      }
      long count = collection.countDocuments();
      if (count != FIND_DOCUMENTS) {
        throw new IllegalStateException(
            "Cannot prepare 'find by _id': expected "
                + FIND_DOCUMENTS
                + " documents after loading, found "
                + count);
      }
      flushToStorage(database);
    }

    @Override
    public Operation operation(MongoDatabase database) {
      MongoCollection<Document> collection = database.getCollection(FIND_COLLECTION);
      return () -> {
        int id = ThreadLocalRandom.current().nextInt(FIND_DOCUMENTS);
        Document found = collection.find(new Document("_id", id)).first();
        return found != null
            && Integer.valueOf(id).equals(found.get("_id"))
            && Integer.valueOf(id).equals(found.get("n"));
      };
    }
  };

  /** Documents the find workload pre-loads, with {@code _id} 0 to 9,999. */
  public static final int FIND_DOCUMENTS = 10_000;

  static final String INSERT_COLLECTION = "inserts";
  static final String FIND_COLLECTION = "docs";

  private static final String PAYLOAD = "x".repeat(41);

  private final String label;

  WireWorkload(String label) {
    this.label = label;
  }

  /** The name shown in the table and matched by {@code --only}. */
  public String label() {
    return label;
  }

  /** Sets up what the workload needs on a fresh target; once per target. */
  public void prepare(MongoDatabase database) {}

  /** A new operation for one client thread. */
  public abstract Operation operation(MongoDatabase database);

  /**
   * Asks the server to flush its buffers ({@code fsync}): MongoLake then answers from its Delta
   * table, where documents live once the buffer's size or age threshold has passed, instead of from
   * its in-memory buffer. A server without the command (the in-memory peer) keeps its data where it
   * is.
   */
  private static void flushToStorage(MongoDatabase database) {
    try {
      database.runCommand(new Document("fsync", 1));
    } catch (MongoCommandException e) {
      if (e.getErrorCode() != COMMAND_NOT_FOUND) {
        throw e;
      }
    }
  }

  private static final int COMMAND_NOT_FOUND = 59;

  private static void dropIfPresent(MongoDatabase database, String collection) {
    if (database.listCollectionNames().into(new ArrayList<>()).contains(collection)) {
      database.getCollection(collection).drop();
    }
  }

  /** The ~200-byte document both write and read workloads use. */
  public static Document document(Object id, int n) {
    return new Document("_id", id)
        .append("n", n)
        .append("name", "customer-" + n)
        .append("city", "Zurich")
        .append("active", (n & 1) == 0)
        .append("score", n * 0.5)
        .append("tags", List.of("alpha", "beta", "gamma"))
        .append("payload", PAYLOAD);
  }

  /** One client request; answers whether the server's answer was the correct one. */
  @FunctionalInterface
  public interface Operation {
    boolean run();
  }
}
