package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRegistry;
import dev.mongolake.server.command.CommandRequest;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonString;

/** {@code listCommands}: every command this server answers, with its help line. */
public final class ListCommandsCommand implements Command {

  private final Supplier<CommandRegistry> registry;

  /** The registry is supplied lazily because this command is itself part of it. */
  public ListCommandsCommand(Supplier<CommandRegistry> registry) {
    this.registry = registry;
  }

  @Override
  public String name() {
    return "listCommands";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.authenticated();
  }

  /** MongoDB's command is no IDL command: it ignores fields it does not read. */
  @Override
  public CommandFields fields() {
    return CommandFields.IGNORES_OTHERS;
  }

  @Override
  public String help() {
    return "Lists all database commands provided by the server.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonDocument commands = new BsonDocument();
    registry
        .get()
        .commands()
        .forEach(
            (name, command) ->
                commands.put(name, new BsonDocument("help", new BsonString(command.help()))));
    return new BsonDocument("commands", commands);
  }
}
