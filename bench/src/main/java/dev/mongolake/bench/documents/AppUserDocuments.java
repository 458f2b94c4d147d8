package dev.mongolake.bench.documents;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.types.ObjectId;

/**
 * Deterministic documents shaped like an application's users collection, about 400 bytes of BSON
 * each: 15 top-level fields ({@code status} and {@code plan} from a few values, ints, a long, a
 * double, a bool, two dates, strings, an {@code address} sub-document and a {@code tags} array).
 * {@code lastLoginAt} is missing from one document in twenty, as optional fields are.
 */
public final class AppUserDocuments {

  /** The values of {@code status}, with {@code active} the most common. */
  static final String[] STATUSES = {"active", "active", "active", "inactive", "pending", "banned"};

  private static final String[] PLANS = {"free", "free", "pro", "team", "enterprise"};
  private static final String[] COUNTRIES = {"NO", "SE", "DE", "FR", "US", "BR", "IN", "JP"};
  private static final long EPOCH_2024 = 1_704_067_200_000L;

  private AppUserDocuments() {}

  /**
   * {@code count} documents from {@code seed} handed to {@code sink} in batches of {@code size}.
   */
  public static void generate(int count, long seed, int size, Consumer<List<BsonDocument>> sink) {
    Random random = new Random(seed);
    List<BsonDocument> batch = new ArrayList<>(size);
    for (int i = 0; i < count; i++) {
      batch.add(one(random, i));
      if (batch.size() == size || i == count - 1) {
        sink.accept(batch);
        batch = new ArrayList<>(size);
      }
    }
  }

  private static BsonDocument one(Random random, int i) {
    long created = EPOCH_2024 + random.nextLong(31_536_000_000L);
    BsonDocument user =
        new BsonDocument("_id", new BsonObjectId(new ObjectId((int) (created / 1000), i)))
            .append("name", new BsonString("User " + i))
            .append("email", new BsonString("user" + i + "@example.com"))
            .append("status", new BsonString(STATUSES[random.nextInt(STATUSES.length)]))
            .append("plan", new BsonString(PLANS[random.nextInt(PLANS.length)]))
            .append("country", new BsonString(COUNTRIES[random.nextInt(COUNTRIES.length)]))
            .append("age", new BsonInt32(18 + random.nextInt(60)))
            .append("logins", new BsonInt32(random.nextInt(5_000)))
            .append("bytesUsed", new BsonInt64(random.nextLong(10_000_000_000L)))
            .append("score", new BsonDouble(Math.round(random.nextDouble() * 10_000) / 100.0))
            .append("verified", BsonBoolean.valueOf(random.nextInt(4) != 0))
            .append("createdAt", new BsonDateTime(created));
    if (random.nextInt(20) != 0) {
      user.append("lastLoginAt", new BsonDateTime(created + random.nextLong(86_400_000L * 90)));
    }
    return user.append(
            "address",
            new BsonDocument("street", new BsonString(random.nextInt(999) + " Main Street"))
                .append("city", new BsonString("City " + random.nextInt(500)))
                .append("zip", new BsonString(String.format("%05d", random.nextInt(100_000)))))
        .append(
            "tags",
            new BsonArray(
                List.of(
                    new BsonString("t" + random.nextInt(20)),
                    new BsonString("t" + random.nextInt(20)))));
  }
}
