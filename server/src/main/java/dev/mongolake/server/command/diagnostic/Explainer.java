package dev.mongolake.server.command.diagnostic;

import org.bson.BsonDocument;

/**
 * Explains one kind of command ({@code find}, {@code count}, ...): the plan the engine follows for
 * it and, when asked, the counts of running that plan without returning or writing anything.
 */
interface Explainer {

  /** The explained command's name. */
  String commandName();

  /**
   * @param target the collection the command reads
   * @param command the explained command document
   * @param execute whether to run the plan for {@code executionStats}
   * @throws dev.mongolake.MongoLakeException for an invalid command, as running it would
   */
  Explanation explain(ScanTarget target, BsonDocument command, boolean execute);
}
