package dev.mongolake.server.cli;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.mongolake.server.transfer.CountingInputStream;
import dev.mongolake.server.transfer.CsvSource;
import dev.mongolake.server.transfer.DocumentSource;
import dev.mongolake.server.transfer.JsonSource;
import dev.mongolake.server.transfer.Progress;
import dev.mongolake.server.transfer.TransferException;
import dev.mongolake.server.transfer.TransferFormat;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.bson.BsonDocument;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code mongolake import}: loads JSON lines, a JSON array or CSV into a collection of a running
 * server, in batches over the wire protocol.
 *
 * <p>It goes through a server rather than opening the lake's files because a data root belongs to
 * one process: the server's log and buffers would not see documents written beside it. Through the
 * wire, imports get the server's validation, authentication and durability, are visible to clients
 * at once, and work against any server the driver reaches, MongoDB included.
 */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description = "Import JSON lines, a JSON array or CSV into a collection of a running server.")
final class ImportCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin TargetOptions target;

  @Parameters(
      arity = "0..1",
      paramLabel = "FILE",
      description = "File to import (default: standard input).")
  Path file;

  @Option(names = "--type", description = "json or csv (default: csv for a .csv file, else json).")
  TransferFormat type;

  @Option(
      names = "--fields",
      split = ",",
      description = "CSV field names when the file has no header line.")
  List<String> fields;

  @Option(names = "--drop", description = "Drop the collection before importing.")
  boolean drop;

  @Option(
      names = "--batch-size",
      defaultValue = "1000",
      description = "Documents per insert (default: ${DEFAULT-VALUE}).")
  int batchSize;

  @Override
  public Integer call() throws IOException {
    PrintWriter err = spec.commandLine().getErr();
    if (file != null && !Files.isRegularFile(file)) {
      return fail(err, "Cannot import " + file + ": no such file");
    }
    TransferFormat format = type != null ? type : TransferFormat.forFile(file);
    long size = file == null ? -1 : Files.size(file);
    CountingInputStream counted = new CountingInputStream(open());
    Progress progress = Progress.onTerminal(err, "imported", size);
    long imported = 0;
    try (DocumentSource source = source(format, counted);
        MongoClient client = MongoClients.create(target.uri())) {
      MongoCollection<BsonDocument> collection = target.collection(client);
      if (drop) {
        collection.drop();
      }
      List<BsonDocument> batch = new ArrayList<>(batchSize);
      while (source.hasNext()) {
        batch.add(source.next());
        if (batch.size() == batchSize) {
          imported += insert(collection, batch);
          progress.update(imported, counted.count());
        }
      }
      imported += insert(collection, batch);
      progress.finish(imported, counted.count());
    } catch (TransferException e) {
      return fail(err, e.getMessage() + " (" + imported + " documents imported before it)");
    } catch (MongoBulkWriteException e) {
      long total = imported + e.getWriteResult().getInsertedCount();
      return fail(
          err,
          "Cannot import into "
              + target.namespace()
              + ": "
              + e.getWriteErrors().getFirst().getMessage()
              + " ("
              + total
              + " documents imported before it)");
    } catch (MongoException e) {
      return fail(err, "Cannot import into " + target.namespace() + ": " + e.getMessage());
    }
    err.println("imported " + imported + " documents into " + target.namespace());
    err.flush();
    return 0;
  }

  private InputStream open() throws IOException {
    return file == null ? System.in : Files.newInputStream(file);
  }

  private DocumentSource source(TransferFormat format, InputStream in) {
    BufferedReader reader =
        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    return format == TransferFormat.CSV ? CsvSource.open(reader, fields) : JsonSource.open(reader);
  }

  private static long insert(MongoCollection<BsonDocument> collection, List<BsonDocument> batch) {
    if (batch.isEmpty()) {
      return 0;
    }
    collection.insertMany(batch);
    long inserted = batch.size();
    batch.clear();
    return inserted;
  }

  private static int fail(PrintWriter err, String message) {
    err.println(message);
    err.flush();
    return 1;
  }
}
