package dev.mongolake.server.authz;

import java.util.List;
import java.util.function.Function;
import org.bson.BsonDocument;

/**
 * What a client must be allowed to do to run one request, when the server runs with authorization
 * on: every command declares it for each request ({@link
 * dev.mongolake.server.command.Command#access}), and the dispatcher checks it before the command
 * runs. Values; build them with the factories.
 */
public sealed interface Access {

  /** Anyone may run it, authenticated or not: the handshake and authentication itself. */
  record Open() implements Access {}

  /** Any authenticated user may run it. */
  record Authenticated() implements Access {}

  /** An authenticated user holding every one of these privileges may run it. */
  record Privileges(List<Privilege> required) implements Access {
    public Privileges {
      required = List.copyOf(required);
    }
  }

  /** Allowed when every part is. */
  record AllOf(List<Access> parts) implements Access {
    public AllOf {
      parts = List.copyOf(parts);
    }
  }

  /** Allowed when one of the alternatives is. */
  record AnyOf(List<Access> alternatives) implements Access {
    public AnyOf {
      alternatives = List.copyOf(alternatives);
    }
  }

  /** Allowed as the command {@code body} would be ({@code explain} of a command). */
  record AsCommand(String database, BsonDocument body) implements Access {}

  /** Nobody may run it: what a command that declares nothing gets. */
  record Denied() implements Access {}

  static Access open() {
    return new Open();
  }

  static Access authenticated() {
    return new Authenticated();
  }

  static Access denied() {
    return new Denied();
  }

  /** These actions on {@code resource}. */
  static Access to(Resource resource, ActionType first, ActionType... more) {
    return new Privileges(List.of(Privilege.of(resource, first, more)));
  }

  static Access allOf(Access... parts) {
    return new AllOf(List.of(parts));
  }

  static Access allOf(List<Access> parts) {
    return new AllOf(parts);
  }

  static Access anyOf(Access... alternatives) {
    return new AnyOf(List.of(alternatives));
  }

  static Access asCommand(String database, BsonDocument body) {
    return new AsCommand(database, body);
  }

  /**
   * This access with every {@link AsCommand} replaced by what {@code commands} says that command
   * requires.
   */
  default Access expand(Function<AsCommand, Access> commands) {
    return switch (this) {
      case AsCommand command -> commands.apply(command).expand(commands);
      case AllOf all -> new AllOf(all.parts().stream().map(a -> a.expand(commands)).toList());
      case AnyOf any ->
          new AnyOf(any.alternatives().stream().map(a -> a.expand(commands)).toList());
      default -> this;
    };
  }
}
