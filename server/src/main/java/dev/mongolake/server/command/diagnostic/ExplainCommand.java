package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.ServerContext;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code explain}: {@code {explain: {find|count|distinct|aggregate|update|delete: ...},
 * verbosity}}. Describes what the engine does today, a collection scan over the table and buffer
 * with the filter applied to each document, in MongoDB's reply shape. At {@code executionStats} and
 * {@code allPlansExecution} (the default, as in MongoDB) it replays the scan to count; it never
 * returns documents or writes.
 *
 * <p>Fails with {@code MongoLakeException}: BadValue when {@code explain} is not a document or the
 * verbosity is unknown; IllegalOperation for a command that cannot be explained
 */
public final class ExplainCommand implements Command {

  private static final CommandFields FIELDS = CommandFields.of("explain", "verbosity");

  private static final List<String> VERBOSITIES =
      List.of("queryPlanner", "executionStats", "allPlansExecution");

  private final LakeCollections lake;
  private final Map<String, Explainer> explainers = new HashMap<>();

  /** A command reading {@code lake}. */
  public ExplainCommand(MongoLake lake) {
    this.lake = new LakeCollections(lake);
    Stream.concat(QueryExplainers.all().stream(), WriteExplainers.all().stream())
        .forEach(explainer -> explainers.put(explainer.commandName(), explainer));
  }

  @Override
  public String name() {
    return "explain";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /**
   * What the explained command requires, as in MongoDB (explaining an update needs {@code update}).
   */
  @Override
  public Access access(CommandRequest request) {
    BsonValue explained = request.body().get(name());
    if (!explained.isDocument() || explained.asDocument().isEmpty()) {
      return Access.authenticated(); // run() refuses it
    }
    return Access.asCommand(request.database(), explained.asDocument());
  }

  @Override
  public String help() {
    return "Describe how a find, count, distinct, aggregate, update or delete runs.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonValue explained = request.body().get(name());
    if (!explained.isDocument() || explained.asDocument().isEmpty()) {
      throw new MongoLakeException(ErrorCode.BAD_VALUE, "explain command requires a nested object");
    }
    BsonDocument command = explained.asDocument();
    String verbosity = verbosity(request.body());
    String commandName = command.getFirstKey();
    Explainer explainer = explainers.get(commandName);
    if (commandName.equals("bulkWrite")) {
      // MongoDB 8.0 explains a bulkWrite of one update or delete; the plan here is not built yet.
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED, "Cannot explain bulkWrite: not supported yet");
    }
    if (explainer == null) {
      throw new MongoLakeException(
          ErrorCode.ILLEGAL_OPERATION, "Cannot explain cmd: " + commandName);
    }
    Namespace namespace = new CommandArguments(commandName, command).namespace(request.database());
    if (lake.lake().db(namespace.database()).isView(namespace.collection())) {
      // The plan would describe the view's name, which holds no documents, not the resolved read.
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "explain of a command on a view is not supported: " + namespace.fullName());
    }
    if (lake.lake().db(namespace.database()).isAttached(namespace.collection())) {
      // Its reads run as a pipeline over the Delta table's rows, which the planner does not plan.
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "explain of a command on an attached Delta table is not supported: "
              + namespace.fullName());
    }
    ScanTarget target = ScanTarget.of(lake, namespace, request.server().clock(), command);
    Explanation explanation = explainer.explain(target, command, !verbosity.equals("queryPlanner"));

    BsonDocument reply =
        new BsonDocument("explainVersion", new BsonString("1"))
            .append("queryPlanner", queryPlanner(namespace, explanation));
    if (explanation.executionStats() != null) {
      BsonDocument stats = explanation.executionStats().clone();
      if (verbosity.equals("allPlansExecution")) {
        // One candidate plan only, so there are no other plans' trial runs to show.
        stats.append("allPlansExecution", new BsonArray());
      }
      reply.append("executionStats", stats);
    }
    reply.putAll(explanation.extra());
    return reply
        .append("command", command.clone().append("$db", new BsonString(request.database())))
        .append("serverInfo", serverInfo(request));
  }

  private static String verbosity(BsonDocument body) {
    BsonValue value = body.get("verbosity");
    if (value == null) {
      return "allPlansExecution";
    }
    if (!value.isString()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'explain.verbosity' is the wrong type '"
              + CommandArguments.typeName(value)
              + "', expected type 'string'");
    }
    String verbosity = value.asString().getValue();
    if (!VERBOSITIES.contains(verbosity)) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Enumeration value '"
              + verbosity
              + "' for field 'explain.verbosity' is not a valid value.");
    }
    return verbosity;
  }

  private static BsonDocument queryPlanner(Namespace namespace, Explanation explanation) {
    return new BsonDocument("namespace", new BsonString(namespace.fullName()))
        .append("indexFilterSet", BsonBoolean.FALSE)
        .append("parsedQuery", explanation.parsedQuery())
        .append("maxIndexedOrSolutionsReached", BsonBoolean.FALSE)
        .append("maxIndexedAndSolutionsReached", BsonBoolean.FALSE)
        .append("maxScansToExplodeReached", BsonBoolean.FALSE)
        .append("winningPlan", explanation.winningPlan())
        .append("rejectedPlans", new BsonArray());
  }

  private static BsonDocument serverInfo(CommandRequest request) {
    String local = request.connection().localAddress();
    int colon = local.lastIndexOf(':');
    BsonDocument info =
        new BsonDocument("host", new BsonString(colon < 0 ? local : local.substring(0, colon)));
    if (colon >= 0) {
      try {
        info.append("port", new BsonInt32(Integer.parseInt(local.substring(colon + 1))));
      } catch (NumberFormatException e) {
        // An address without a numeric port (in tests, for example) simply reports none.
      }
    }
    return info.append("version", new BsonString(ServerContext.COMPATIBLE_MONGODB_VERSION))
        .append("gitVersion", new BsonString(request.server().productVersion()));
  }
}
