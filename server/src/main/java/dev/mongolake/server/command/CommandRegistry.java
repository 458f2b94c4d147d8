package dev.mongolake.server.command;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Commands by name and alias. Built once at start-up, then read concurrently. */
public final class CommandRegistry {

  private final Map<String, Command> byName;
  private final Map<String, Command> primary;

  private CommandRegistry(Map<String, Command> byName, Map<String, Command> primary) {
    this.byName = Map.copyOf(byName);
    this.primary = Collections.unmodifiableMap(new TreeMap<>(primary));
  }

  /** A registry of the given commands. */
  public static CommandRegistry of(Collection<? extends Command> commands) {
    Map<String, Command> byName = new LinkedHashMap<>();
    Map<String, Command> primary = new LinkedHashMap<>();
    for (Command command : commands) {
      register(byName, command.name(), command);
      primary.put(command.name(), command);
      for (String alias : command.aliases()) {
        register(byName, alias, command);
      }
    }
    return new CommandRegistry(byName, primary);
  }

  private static void register(Map<String, Command> byName, String name, Command command) {
    Command previous = byName.putIfAbsent(name, command);
    if (previous != null) {
      throw new IllegalArgumentException(
          "Cannot register command '" + name + "': it is already registered");
    }
  }

  /** The command with this name or alias. */
  public Optional<Command> find(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** Every command by its primary name, sorted. */
  public Map<String, Command> commands() {
    return primary;
  }
}
