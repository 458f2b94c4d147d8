package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.inc;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import org.bson.Document;

/**
 * The process {@link TransactionCrashTest} kills: transfers between accounts, each a transaction of
 * two updates and a ledger insert, flushing to the tables now and then, and prints each transfer's
 * number once its commit is acknowledged.
 */
public final class TransactionCrashChild {

  static final int ACCOUNTS = 20;
  static final int OPENING_BALANCE = 1_000;

  private TransactionCrashChild() {}

  public static void main(String[] args) throws IOException {
    Path root = Path.of(args[0]);
    Random random = new Random(Long.parseLong(args[1]));
    try (FileOutputStream acks = new FileOutputStream(args[2], true);
        MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<Document> accounts = lake.db("bank").collection("accounts");
      MongoLakeCollection<Document> ledger = lake.db("bank").collection("ledger");
      if (accounts.countDocuments() == 0) {
        for (int i = 0; i < ACCOUNTS; i++) {
          accounts.insertOne(new Document("_id", i).append("balance", OPENING_BALANCE));
        }
      }
      Document last = ledger.find().sort(new Document("_id", -1)).first();
      int next = last == null ? 0 : last.getInteger("_id") + 1;
      acks.write("ready\n".getBytes(StandardCharsets.UTF_8));
      for (int transfer = next; ; transfer++) {
        int from = random.nextInt(ACCOUNTS);
        int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
        int amount = 1 + random.nextInt(50);
        int number = transfer;
        MongoLakeTransaction transaction = lake.startTransaction();
        transaction.run(
            () -> {
              accounts.updateOne(eq("_id", from), inc("balance", -amount));
              accounts.updateOne(eq("_id", to), inc("balance", amount));
              ledger.insertOne(
                  new Document("_id", number)
                      .append("from", from)
                      .append("to", to)
                      .append("amount", amount));
            });
        transaction.commit();
        acks.write(("T " + number + "\n").getBytes(StandardCharsets.UTF_8));
        if (random.nextInt(40) == 0) {
          lake.flush();
        }
      }
    }
  }
}
