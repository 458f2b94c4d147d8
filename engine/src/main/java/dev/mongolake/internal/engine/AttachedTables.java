package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.rows.TableReader;
import dev.mongolake.delta.rows.TableRow;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.Storage;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.json.JsonWriterSettings;

/**
 * The durable catalog of attached Delta tables ({@value #FILE}, beside the view catalog): Delta
 * tables written by anyone (Spark, delta-rs, ...) that a database names as read-only collections.
 * Read when the engine opens and rewritten whole on every change ({@link Storage#overwrite}).
 *
 * <p>A location is a path relative to the lake's table storage (read through it, so an attached
 * table of a lake on an object store lives in the same store), or an absolute local path or {@code
 * file:} URI. Each read opens the table's latest snapshot, so a new commit of its writer shows up
 * at the next query. Detaching forgets the name; the table's files are never touched. Thread-safe.
 */
public final class AttachedTables {

  static final String FILE = Namespace.RESERVED_CATALOG_FOLDER + "/attached.json";

  private final Storage storage;
  private final Map<Namespace, String> locations = new HashMap<>();

  private AttachedTables(Storage storage) {
    this.storage = storage;
  }

  /** The catalog {@value #FILE} holds; empty when there is no file yet. */
  static AttachedTables load(Storage storage) {
    AttachedTables catalog = new AttachedTables(storage);
    CatalogFile.read(
        storage,
        FILE,
        "attached",
        table ->
            catalog.locations.put(
                new Namespace(table.getString("db").getValue(), table.getString("name").getValue()),
                table.getString("location").getValue()));
    return catalog;
  }

  /** Whether {@code namespace} names an attached table. */
  public synchronized boolean isAttached(Namespace namespace) {
    return locations.containsKey(namespace);
  }

  /** The location {@code namespace} is attached to, if it is attached. */
  public synchronized Optional<String> location(Namespace namespace) {
    return Optional.ofNullable(locations.get(namespace));
  }

  /** The attached tables of {@code database} with their locations, sorted by name. */
  public synchronized List<Map.Entry<String, String>> list(String database) {
    return locations.entrySet().stream()
        .filter(entry -> entry.getKey().database().equals(database))
        .map(entry -> Map.entry(entry.getKey().collection(), entry.getValue()))
        .sorted(Map.Entry.comparingByKey())
        .toList();
  }

  /**
   * Attaches the Delta table at {@code location} as {@code namespace}, after reading its latest
   * snapshot; {@code nameTaken} tells which names collections or views hold. Call it under the
   * collections' naming lock.
   *
   * @throws MongoLakeException NamespaceExists when the name is taken, BadValue for a location that
   *     holds no readable Delta table
   */
  synchronized void attach(
      Namespace namespace, String location, java.util.function.Predicate<Namespace> nameTaken) {
    if (locations.containsKey(namespace) || nameTaken.test(namespace)) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_EXISTS,
          "Cannot attach " + namespace.fullName() + ": the name is already in use");
    }
    snapshot(namespace, location);
    Map<Namespace, String> changed = new HashMap<>(locations);
    changed.put(namespace, location);
    persist(changed);
    locations.put(namespace, location);
  }

  /** Forgets the attached table {@code namespace} (its files stay); whether it was attached. */
  synchronized boolean detach(Namespace namespace) {
    if (!locations.containsKey(namespace)) {
      return false;
    }
    Map<Namespace, String> changed = new HashMap<>(locations);
    changed.remove(namespace);
    persist(changed);
    locations.remove(namespace);
    return true;
  }

  /**
   * The rows of the attached table's latest version as documents (see {@link
   * TableRow#toDocument()}: columns as fields in schema order), or empty when {@code namespace} is
   * not attached.
   *
   * <p>The table is read whole into memory: one whose data files hold more than {@code
   * maxDataBytes} is refused before anything is read, rather than risk the server's memory.
   *
   * @throws MongoLakeException BadValue when the table cannot be read, ExceededMemoryLimit when its
   *     data files are larger than {@code maxDataBytes}
   */
  public Optional<List<BsonDocument>> documents(Namespace namespace, long maxDataBytes) {
    Optional<String> location = location(namespace);
    if (location.isEmpty()) {
      return Optional.empty();
    }
    Table table = open(namespace, location.get());
    try {
      Snapshot snapshot = table.delta().snapshot();
      long bytes = snapshot.files().stream().mapToLong(dev.mongolake.delta.log.AddFile::size).sum();
      if (bytes > maxDataBytes) {
        throw new MongoLakeException(
            ErrorCode.EXCEEDED_MEMORY_LIMIT,
            "Cannot read attached table "
                + namespace.fullName()
                + ": its data files hold "
                + bytes
                + " bytes, more than the "
                + maxDataBytes
                + " a read of an attached table may hold in memory (a quarter of the aggregation"
                + " memory limit)");
      }
      List<BsonDocument> documents = new ArrayList<>();
      for (TableRow row : TableReader.of(table.storage(), snapshot).rows()) {
        documents.add(row.toDocument());
      }
      return Optional.of(documents);
    } catch (DeltaException | IllegalArgumentException | java.io.UncheckedIOException e) {
      throw unreadable(namespace, location.get(), e);
    }
  }

  /** The refusal of {@code action} on an attached table. */
  public static MongoLakeException readOnly(String action, Namespace namespace) {
    return new MongoLakeException(
        ErrorCode.ILLEGAL_OPERATION,
        "Cannot "
            + action
            + " "
            + namespace.fullName()
            + ": it is an attached read-only Delta table");
  }

  /** Refuses to create a collection or view named as an attached table. */
  void refuseCreate(Namespace namespace) {
    if (isAttached(namespace)) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_EXISTS,
          "Cannot create " + namespace.fullName() + ": it is an attached read-only Delta table");
    }
  }

  private Snapshot snapshot(Namespace namespace, String location) {
    Table table = open(namespace, location);
    try {
      return table.delta().snapshot();
    } catch (DeltaException | IllegalArgumentException | java.io.UncheckedIOException e) {
      throw unreadable(namespace, location, e);
    }
  }

  /** Where the table at {@code location} lives: a storage and the table's path in it. */
  private record Table(Storage storage, String path) {
    DeltaTable delta() {
      return DeltaTable.forPath(storage, path);
    }
  }

  private Table open(Namespace namespace, String location) {
    if (location.isBlank()) {
      throw badLocation(namespace, location, "it is empty");
    }
    if (location.startsWith("file:")) {
      try {
        return new Table(new FileSystemStorage(Path.of(URI.create(location))), "");
      } catch (RuntimeException e) {
        throw badLocation(namespace, location, "it is not a valid file URI");
      }
    }
    if (location.matches("^[A-Za-z][A-Za-z0-9+.-]*://.*")) {
      throw badLocation(
          namespace,
          location,
          "only paths relative to the lake's storage, absolute local paths and file: URIs are"
              + " supported");
    }
    if (Path.of(location).isAbsolute()) {
      return new Table(new FileSystemStorage(Path.of(location)), "");
    }
    String relative =
        location.endsWith("/") ? location.substring(0, location.length() - 1) : location;
    for (String segment : relative.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
        throw badLocation(namespace, location, "a relative path may not hold '" + segment + "'");
      }
    }
    if (relative.equals(Namespace.RESERVED_CATALOG_FOLDER)
        || relative.startsWith(Namespace.RESERVED_CATALOG_FOLDER + "/")) {
      throw badLocation(namespace, location, "the lake's catalog folder holds no table");
    }
    return new Table(storage, relative);
  }

  private static MongoLakeException badLocation(
      Namespace namespace, String location, String reason) {
    return new MongoLakeException(
        ErrorCode.BAD_VALUE,
        "Cannot attach " + namespace.fullName() + " to '" + location + "': " + reason);
  }

  private static MongoLakeException unreadable(
      Namespace namespace, String location, RuntimeException e) {
    return new MongoLakeException(
        ErrorCode.BAD_VALUE,
        "Cannot read attached table "
            + namespace.fullName()
            + " at '"
            + location
            + "': "
            + e.getMessage(),
        e);
  }

  private void persist(Map<Namespace, String> all) {
    List<BsonDocument> entries = new ArrayList<>();
    all.entrySet().stream()
        .sorted(Comparator.comparing(entry -> entry.getKey().fullName()))
        .forEach(
            entry ->
                entries.add(
                    new BsonDocument("db", new BsonString(entry.getKey().database()))
                        .append("name", new BsonString(entry.getKey().collection()))
                        .append("location", new BsonString(entry.getValue()))));
    CatalogFile.write(storage, FILE, "attached", entries, JsonWriterSettings.builder().build());
  }
}
