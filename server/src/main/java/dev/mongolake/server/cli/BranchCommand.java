package dev.mongolake.server.cli;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code mongolake branch}: branches of a database of a running server, through the branch commands
 * over the wire ({@code createBranch}, {@code listBranches}, {@code diffBranch}, {@code
 * mergeBranch}, {@code deleteBranch}); each prints the command's answer as Extended JSON. A refused
 * command prints MongoDB's error and exits with status 1.
 */
@Command(
    name = "branch",
    mixinStandardHelpOptions = true,
    description = "Create, list, compare, merge and delete branches of a database.",
    subcommands = {
      BranchCommand.Create.class,
      BranchCommand.ListBranches.class,
      BranchCommand.Diff.class,
      BranchCommand.Merge.class,
      BranchCommand.Delete.class
    })
final class BranchCommand {

  /** What every branch subcommand takes: the server and the parent database. */
  static class Target {
    @picocli.CommandLine.Mixin ServerUri server;

    @Option(
        names = {"--db", "-d"},
        required = true,
        description = "The parent database.")
    String database;

    @Spec CommandSpec spec;

    Integer run(BsonDocument command) {
      PrintWriter out = spec.commandLine().getOut();
      try (MongoClient client = MongoClients.create(server.uri)) {
        BsonDocument reply = client.getDatabase(database).runCommand(command, BsonDocument.class);
        reply.remove("ok");
        out.println(
            reply.toJson(JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build()));
        return 0;
      } catch (MongoCommandException e) {
        spec.commandLine()
            .getErr()
            .println("mongolake branch: " + e.getErrorCodeName() + ": " + e.getErrorMessage());
        return 1;
      }
    }
  }

  @Command(name = "create", description = "Create a branch of the database, now or at a time.")
  static final class Create extends Target implements Callable<Integer> {
    @Parameters(index = "0", description = "The branch's name.")
    String name;

    @Option(
        names = "--at",
        description = "A cluster time (seconds:increment) to branch the database as it was then.")
    String at;

    @Override
    public Integer call() {
      BsonDocument command = new BsonDocument("createBranch", new BsonString(name));
      if (at != null) {
        String[] parts = at.split(":", -1);
        if (parts.length != 2) {
          throw new IllegalArgumentException(
              "Cannot read --at '" + at + "': give seconds:increment, as 1733270400:1");
        }
        command.append(
            "atClusterTime",
            new BsonTimestamp(
                Integer.parseUnsignedInt(parts[0]), Integer.parseUnsignedInt(parts[1])));
      }
      return run(command);
    }
  }

  @Command(name = "list", description = "List the database's branches.")
  static final class ListBranches extends Target implements Callable<Integer> {
    @Override
    public Integer call() {
      return run(new BsonDocument("listBranches", new BsonInt32(1)));
    }
  }

  @Command(
      name = "diff",
      description = "Compare a branch with the database since their merge base.")
  static final class Diff extends Target implements Callable<Integer> {
    @Parameters(index = "0", description = "The branch's name.")
    String name;

    @Override
    public Integer call() {
      return run(new BsonDocument("diffBranch", new BsonString(name)));
    }
  }

  @Command(name = "merge", description = "Merge a branch's changes into the database.")
  static final class Merge extends Target implements Callable<Integer> {
    @Parameters(index = "0", description = "The branch's name.")
    String name;

    @Option(
        names = "--policy",
        defaultValue = "fail",
        description =
            "For documents both changed: fail (merge nothing), ours (keep the database's), theirs"
                + " (take the branch's). Default: ${DEFAULT-VALUE}.")
    String policy;

    @Override
    public Integer call() {
      return run(
          new BsonDocument("mergeBranch", new BsonString(name))
              .append("policy", new BsonString(policy)));
    }
  }

  @Command(name = "delete", description = "Delete a branch (the database's files stay).")
  static final class Delete extends Target implements Callable<Integer> {
    @Parameters(index = "0", description = "The branch's name.")
    String name;

    @Override
    public Integer call() {
      return run(new BsonDocument("deleteBranch", new BsonString(name)));
    }
  }
}
