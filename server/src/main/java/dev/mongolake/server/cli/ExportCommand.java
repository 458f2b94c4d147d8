package dev.mongolake.server.cli;

import com.mongodb.MongoException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCursor;
import dev.mongolake.bson.BoundedJson;
import dev.mongolake.server.transfer.CsvSink;
import dev.mongolake.server.transfer.DocumentSink;
import dev.mongolake.server.transfer.JsonSink;
import dev.mongolake.server.transfer.Progress;
import dev.mongolake.server.transfer.TransferException;
import dev.mongolake.server.transfer.TransferFormat;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mongolake export}: writes a collection of a running server as JSON lines, a JSON array or
 * CSV. Like {@code import}, it reads over the wire protocol (see {@link ImportCommand} for why), so
 * it sees every acknowledged write, flushed to the tables or not.
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = "Export a collection of a running server as JSON lines, a JSON array or CSV.")
final class ExportCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin TargetOptions target;

  @Option(
      names = {"--out", "-o"},
      description = "File to write (default: standard output).")
  Path out;

  @Option(names = "--type", description = "json or csv (default: csv for a .csv file, else json).")
  TransferFormat type;

  @Option(
      names = "--fields",
      split = ",",
      description = "Fields to export, dotted for embedded ones (required for CSV).")
  List<String> fields;

  @Option(
      names = "--query",
      description = "Filter as Extended JSON, for example '{\"age\": {\"$gte\": 18}}'.")
  String query;

  @Option(names = "--sort", description = "Sort as Extended JSON, for example '{\"_id\": 1}'.")
  String sort;

  @Option(names = "--json-array", description = "Write one JSON array instead of JSON lines.")
  boolean jsonArray;

  @Option(
      names = "--json-format",
      defaultValue = "relaxed",
      description = "Extended JSON mode: relaxed or canonical (default: ${DEFAULT-VALUE}).")
  String jsonFormat;

  @Override
  public Integer call() throws IOException {
    PrintWriter err = spec.commandLine().getErr();
    TransferFormat format = type != null ? type : TransferFormat.forFile(out);
    long exported = 0;
    // Progress shares the terminal with the data only when the data goes to a file.
    Progress progress = Progress.onTerminal(out == null ? null : err, "exported", -1);
    try (MongoClient client = MongoClients.create(target.uri());
        DocumentSink sink = sink(format)) {
      FindIterable<BsonDocument> found =
          target.collection(client).find(parse(query, "--query")).sort(parse(sort, "--sort"));
      if (fields != null && !fields.isEmpty()) {
        found.projection(projection());
      }
      try (MongoCursor<BsonDocument> cursor = found.iterator()) {
        while (cursor.hasNext()) {
          sink.write(cursor.next());
          exported++;
          progress.update(exported, 0);
        }
      }
    } catch (TransferException e) {
      return fail(err, e.getMessage());
    } catch (MongoException e) {
      return fail(err, "Cannot export " + target.namespace() + ": " + e.getMessage());
    }
    progress.finish(exported, 0);
    err.println("exported " + exported + " documents from " + target.namespace());
    err.flush();
    return 0;
  }

  private DocumentSink sink(TransferFormat format) throws IOException {
    Writer writer =
        new BufferedWriter(
            out == null
                ? new OutputStreamWriter(System.out, StandardCharsets.UTF_8)
                : Files.newBufferedWriter(out, StandardCharsets.UTF_8));
    if (format == TransferFormat.CSV) {
      return new CsvSink(writer, fields);
    }
    JsonMode mode = "canonical".equals(jsonFormat) ? JsonMode.EXTENDED : JsonMode.RELAXED;
    return new JsonSink(writer, JsonWriterSettings.builder().outputMode(mode).build(), jsonArray);
  }

  private BsonDocument projection() {
    BsonDocument projection = new BsonDocument();
    fields.forEach(field -> projection.put(field, new BsonInt32(1)));
    return projection;
  }

  private static BsonDocument parse(String json, String option) {
    if (json == null || json.isBlank()) {
      return new BsonDocument();
    }
    try {
      return BoundedJson.parseDocument(json);
    } catch (RuntimeException e) {
      throw new TransferException("Cannot parse " + option + ": " + e.getMessage(), e);
    }
  }

  private static int fail(PrintWriter err, String message) {
    err.println(message);
    err.flush();
    return 1;
  }
}
