package dev.mongolake.server.authz;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Actions allowed on a resource: what a role grants and what a command requires.
 *
 * @param resource where the actions apply
 * @param actions the actions, at least one
 */
public record Privilege(Resource resource, Set<ActionType> actions) {

  public Privilege {
    if (actions.isEmpty()) {
      throw new IllegalArgumentException("A privilege needs at least one action");
    }
    actions = Set.copyOf(actions);
  }

  public static Privilege of(Resource resource, ActionType first, ActionType... more) {
    return new Privilege(resource, EnumSet.of(first, more));
  }

  /** The privilege as MongoDB writes it: {@code {resource, actions}}, actions sorted by name. */
  public BsonDocument toDocument() {
    BsonArray names = new BsonArray();
    actions.stream()
        .map(ActionType::mongoName)
        .sorted()
        .forEach(name -> names.add(new BsonString(name)));
    return new BsonDocument("resource", resource.toDocument()).append("actions", names);
  }

  /** Privileges as a BSON array, in the order given. */
  public static BsonArray toArray(Collection<Privilege> privileges) {
    BsonArray array = new BsonArray();
    privileges.forEach(p -> array.add(p.toDocument()));
    return array;
  }

  /**
   * Reads the {@code privileges} array of a role command.
   *
   * @throws MongoLakeException TypeMismatch when it is not an array of documents, FailedToParse for
   *     a malformed privilege, BadValue naming every unknown action
   */
  public static List<Privilege> parseAll(BsonValue value, String command) {
    if (value == null || !value.isArray()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH, "Cannot run " + command + ": 'privileges' must be an array");
    }
    List<Privilege> privileges = new ArrayList<>();
    Set<String> unknown = new TreeSet<>();
    for (BsonValue element : value.asArray()) {
      if (!element.isDocument()
          || !element.asDocument().containsKey("resource")
          || !element.asDocument().isArray("actions")) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "Cannot parse the privilege "
                + element
                + ": expected {resource: {...}, actions: [<action>, ...]}");
      }
      Resource resource = Resource.parse(element.asDocument().get("resource"));
      Set<ActionType> actions = EnumSet.noneOf(ActionType.class);
      for (BsonValue action : element.asDocument().getArray("actions")) {
        String name = action.isString() ? action.asString().getValue() : String.valueOf(action);
        ActionType.byName(name).ifPresentOrElse(actions::add, () -> unknown.add(name));
      }
      if (actions.isEmpty() && unknown.isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "Cannot parse the privilege " + element + ": it names no action");
      }
      if (!actions.isEmpty()) {
        privileges.add(new Privilege(resource, actions));
      }
    }
    if (!unknown.isEmpty()) {
      // MongoDB's wording: "Unknown action type in privilege set: 'x'" (or "types",
      // comma-separated).
      StringBuilder message =
          new StringBuilder("Unknown action type" + (unknown.size() > 1 ? "s" : ""));
      message.append(" in privilege set:");
      unknown.forEach(name -> message.append(" '").append(name).append("',"));
      message.setLength(message.length() - 1);
      throw new MongoLakeException(ErrorCode.BAD_VALUE, message.toString());
    }
    return privileges;
  }
}
