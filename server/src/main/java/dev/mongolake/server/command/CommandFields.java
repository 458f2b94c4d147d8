package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The fields a command takes in its body, so that none is accepted and ignored: a field the command
 * reads passes; an option MongoDB has that this server does not implement is refused by name with
 * NotImplemented; any other field is refused as MongoDB's parser refuses it ({@code BSON field
 * 'find.foo' is an unknown field.}). Some options pass only with the value that changes nothing (a
 * {@code collation} of {@code {locale: "simple"}}, {@code capped: false}).
 *
 * <p>Fields every command may carry (sessions, cluster time, read preference, API version, comment,
 * {@code maxTimeMS}, read and write concern) are the dispatcher's and always pass here.
 *
 * <p>A command MongoDB parses without IDL ignores the fields it does not read; its declaration
 * ({@link #ignoringOthers}) lets any other field pass but still refuses by name the options it
 * knows and does not implement.
 *
 * @param name the command, as errors name it
 * @param reads the fields the command reads, besides its own name
 * @param notImplemented MongoDB options refused unless their value passes the predicate
 * @param ignoresOthers whether a field neither read nor refused passes (MongoDB's non-IDL parsers)
 */
public record CommandFields(
    String name,
    Set<String> reads,
    Map<String, Predicate<BsonValue>> notImplemented,
    boolean ignoresOthers) {

  /** What a command that does not check its fields declares (see the registry's tests). */
  public static final CommandFields UNCHECKED = new CommandFields("", Set.of(), Map.of());

  /**
   * What a command declares whose MongoDB counterpart is not parsed by MongoDB's IDL and so ignores
   * the fields it does not read ({@code ping}, {@code buildInfo}): any field passes, as there.
   */
  public static final CommandFields IGNORES_OTHERS =
      new CommandFields("", Set.of(), Map.of(), true);

  /** Fields the dispatcher handles for every command. */
  static final Set<String> GENERIC =
      Set.of(
          "$db",
          "lsid",
          "$clusterTime",
          "$readPreference",
          "$queryOptions",
          "$audit",
          "$client",
          "$configTime",
          "$topologyTime",
          "apiVersion",
          "apiStrict",
          "apiDeprecationErrors",
          "comment",
          "maxTimeMS",
          "readConcern",
          "writeConcern",
          "txnNumber",
          "autocommit",
          "startTransaction",
          "mayBypassWriteBlocking");

  private static final Predicate<BsonValue> NEVER = value -> false;

  /** {@code collation: {locale: "simple"}} is binary comparison, which every read here does. */
  public static final Predicate<BsonValue> SIMPLE_COLLATION =
      value ->
          value.isDocument()
              && value.asDocument().size() == 1
              && value.asDocument().get("locale") instanceof BsonValue locale
              && locale.isString()
              && locale.asString().getValue().equals("simple");

  /** A false flag ({@code capped: false}) asks for nothing. */
  public static final Predicate<BsonValue> FALSE =
      value ->
          value.isBoolean()
              ? !value.asBoolean().getValue()
              : value.isNumber() && value.asNumber().doubleValue() == 0;

  public CommandFields {
    reads = Set.copyOf(reads);
    notImplemented = Map.copyOf(notImplemented);
  }

  /** A declaration of an IDL command: a field neither read nor refused is unknown. */
  public CommandFields(
      String name, Set<String> reads, Map<String, Predicate<BsonValue>> notImplemented) {
    this(name, reads, notImplemented, false);
  }

  /** The command {@code name} reading {@code fields}. */
  public static CommandFields of(String name, String... fields) {
    return new CommandFields(name, Set.of(fields), Map.of());
  }

  /**
   * The command {@code name}, parsed by MongoDB without IDL, reading {@code fields}: any other
   * field passes, as there, unless {@link #refusing} names it.
   */
  public static CommandFields ignoringOthers(String name, String... fields) {
    return new CommandFields(name, Set.of(fields), Map.of(), true);
  }

  /**
   * Whether {@code field} is one the dispatcher handles for every command ({@code lsid}, {@code
   * $db}, {@code comment}...), which a command reading its other fields as data (the filter of
   * {@code currentOp}) leaves out, as MongoDB's {@code isGenericArgument} does.
   */
  public static boolean isGeneric(String field) {
    return GENERIC.contains(field);
  }

  /** The same, refusing {@code options} (MongoDB's, not implemented here) whatever their value. */
  public CommandFields refusing(String... options) {
    Map<String, Predicate<BsonValue>> refused = new HashMap<>(notImplemented);
    for (String option : options) {
      refused.put(option, NEVER);
    }
    return new CommandFields(name, reads, refused, ignoresOthers);
  }

  /** The same, refusing {@code option} unless its value passes {@code harmless}. */
  public CommandFields refusingUnless(String option, Predicate<BsonValue> harmless) {
    Map<String, Predicate<BsonValue>> refused = new HashMap<>(notImplemented);
    refused.put(option, harmless);
    return new CommandFields(name, reads, refused, ignoresOthers);
  }

  /** Whether this declaration checks anything ({@link #UNCHECKED} does not). */
  public boolean checked() {
    return this != UNCHECKED;
  }

  /** Refuses the first field of {@code body} this command does not take. */
  void check(BsonDocument body) {
    if (!checked() || this == IGNORES_OTHERS) {
      return;
    }
    if (ignoresOthers && notImplemented.isEmpty()) {
      return;
    }
    boolean first = true;
    for (Map.Entry<String, BsonValue> field : body.entrySet()) {
      if (first) {
        first = false; // the command's own name
        continue;
      }
      if (!GENERIC.contains(field.getKey())) {
        checkField(name, field.getKey(), field.getValue());
      }
    }
  }

  /**
   * Refuses the first field of each statement ({@code update.updates}, {@code delete.deletes}) that
   * {@code statement} does not take; statements have no generic fields.
   */
  public void checkStatements(List<BsonDocument> statements) {
    for (BsonDocument statement : statements) {
      for (Map.Entry<String, BsonValue> field : statement.entrySet()) {
        checkField(name, field.getKey(), field.getValue());
      }
    }
  }

  /**
   * Refuses the command when a statement lacks a field MongoDB's parser requires ({@code q} and
   * {@code u} of an update statement, {@code q} and {@code limit} of a delete statement): the whole
   * command fails with IDLFailedToParse before any statement runs, as MongoDB's does.
   */
  public void requireInStatements(List<BsonDocument> statements, String... required) {
    for (BsonDocument statement : statements) {
      for (String field : required) {
        if (!statement.containsKey(field)) {
          throw new MongoLakeException(
              ErrorCode.IDL_MISSING_FIELD,
              "BSON field '" + name + "." + field + "' is missing but a required field");
        }
      }
    }
  }

  private void checkField(String path, String field, BsonValue value) {
    if (reads.contains(field)) {
      return;
    }
    Predicate<BsonValue> harmless = notImplemented.get(field);
    if (harmless == null && ignoresOthers) {
      return;
    }
    if (harmless == null) {
      throw new MongoLakeException(
          ErrorCode.IDL_UNKNOWN_FIELD,
          "BSON field '" + path + "." + field + "' is an unknown field.");
    }
    if (!harmless.test(value)) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "Cannot run " + path + " with '" + field + "': this option is not supported yet");
    }
  }

  /** Every field name this command takes or knows (for tests and listCommands). */
  public Set<String> known() {
    Set<String> all = new HashSet<>(reads);
    all.addAll(notImplemented.keySet());
    return all;
  }
}
