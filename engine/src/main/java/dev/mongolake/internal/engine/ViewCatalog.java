package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.storage.Storage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.bson.BsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * The durable catalog of read-only views of every database ({@value #FILE}, in the table storage
 * beside the other catalog files), read when the engine opens and rewritten whole on every change:
 * {@link Storage#overwrite} makes readers see the old catalog or the new one, never a torn file.
 *
 * <p>A view names a collection or another view of its database; chains resolve to the collection at
 * their end, whose reads run the pipelines of the chain, innermost first. A change that would make
 * a cycle, or a chain deeper than MongoDB's 20 views, is refused. Thread-safe.
 */
public final class ViewCatalog {

  static final String FILE = Namespace.RESERVED_CATALOG_FOLDER + "/views.json";

  /** MongoDB's {@code ViewGraph::kMaxViewDepth}. */
  static final int MAX_DEPTH = 20;

  // Extended JSON in canonical mode keeps every BSON type of the pipelines (Int32 vs Int64, dates).
  private static final JsonWriterSettings CANONICAL =
      JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();

  private final Storage storage;
  private final Map<Namespace, ViewDefinition> views = new HashMap<>();

  private ViewCatalog(Storage storage) {
    this.storage = storage;
  }

  /** The catalog {@value #FILE} holds; empty when there is no file yet. */
  static ViewCatalog load(Storage storage) {
    ViewCatalog catalog = new ViewCatalog(storage);
    CatalogFile.read(
        storage,
        FILE,
        "views",
        view -> {
          ViewDefinition definition = ViewDefinition.fromDocument(view);
          catalog.views.put(definition.name(), definition);
        });
    return catalog;
  }

  /** The view named {@code namespace}, if there is one. */
  public synchronized Optional<ViewDefinition> get(Namespace namespace) {
    return Optional.ofNullable(views.get(namespace));
  }

  /** Whether {@code namespace} names a view. */
  public synchronized boolean isView(Namespace namespace) {
    return views.containsKey(namespace);
  }

  /** The databases that hold a view. */
  public synchronized Set<String> databases() {
    Set<String> names = new HashSet<>();
    views.keySet().forEach(view -> names.add(view.database()));
    return names;
  }

  /** The views of {@code database}, sorted by name. */
  public synchronized List<ViewDefinition> list(String database) {
    return views.values().stream()
        .filter(view -> view.name().database().equals(database))
        .sorted(Comparator.comparing(view -> view.name().collection()))
        .toList();
  }

  /**
   * What a read of {@code namespace} runs when it is a view: the collection at the end of its chain
   * (which may not exist: it then reads as empty) and the chain's pipelines, innermost view's
   * first.
   */
  public synchronized Optional<ResolvedView> resolve(Namespace namespace) {
    ViewDefinition view = views.get(namespace);
    if (view == null) {
      return Optional.empty();
    }
    List<List<BsonDocument>> outermostFirst = new ArrayList<>();
    Namespace current = namespace;
    while (view != null) {
      if (outermostFirst.size() == MAX_DEPTH) {
        // Only a catalog edited by hand can hold a cycle: changes are checked.
        throw depthExceeded();
      }
      outermostFirst.add(view.pipeline());
      current = view.source();
      view = views.get(current);
    }
    List<BsonDocument> pipeline = new ArrayList<>();
    for (List<BsonDocument> stages : outermostFirst.reversed()) {
      stages.forEach(stage -> pipeline.add(stage.clone()));
    }
    return Optional.of(new ResolvedView(current, pipeline));
  }

  /**
   * Adds a view; {@code isCollection} tells which names collections hold. The same view again
   * changes nothing.
   *
   * @throws MongoLakeException NamespaceExists when a collection or another view has the name,
   *     GraphContainsCycle or ViewDepthLimitExceeded for a chain MongoDB refuses
   */
  synchronized void create(ViewDefinition view, Predicate<Namespace> isCollection) {
    if (isCollection.test(view.name())) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_EXISTS, "Collection " + view.name().fullName() + " already exists.");
    }
    if (views.containsKey(view.name())) {
      // The same view again is no change, as MongoDB's create has it since 7.0.
      if (views.get(view.name()).equals(view)) {
        return;
      }
      throw viewExists(view.name());
    }
    change(view);
  }

  /**
   * Gives an existing view another source and pipeline.
   *
   * @throws MongoLakeException NamespaceNotFound when there is no such view, and as {@link #create}
   */
  synchronized void modify(ViewDefinition view) {
    if (!views.containsKey(view.name())) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND, "ns does not exist: " + view.name().fullName());
    }
    change(view);
  }

  /** Removes a view; whether it existed. */
  synchronized boolean drop(Namespace namespace) {
    if (!views.containsKey(namespace)) {
      return false;
    }
    Map<Namespace, ViewDefinition> changed = new HashMap<>(views);
    changed.remove(namespace);
    persist(changed);
    views.remove(namespace);
    return true;
  }

  private void change(ViewDefinition view) {
    Map<Namespace, ViewDefinition> changed = new HashMap<>(views);
    changed.put(view.name(), view);
    checkChain(view.name(), changed);
    for (Namespace other : changed.keySet()) {
      checkChain(other, changed);
    }
    // The file first: a failed write leaves the catalog as it was, in memory and on disk.
    persist(changed);
    views.put(view.name(), view);
  }

  /** Refuses a chain from {@code start} that loops or is deeper than {@link #MAX_DEPTH}. */
  private static void checkChain(Namespace start, Map<Namespace, ViewDefinition> all) {
    List<Namespace> path = new ArrayList<>();
    Namespace current = start;
    while (all.containsKey(current)) {
      if (path.contains(current)) {
        StringBuilder cycle = new StringBuilder("View cycle detected: ");
        for (Namespace step : path.subList(path.indexOf(current), path.size())) {
          cycle.append(step.fullName()).append(" => ");
        }
        cycle.append(current.fullName());
        throw new MongoLakeException(ErrorCode.GRAPH_CONTAINS_CYCLE, cycle.toString());
      }
      path.add(current);
      if (path.size() > MAX_DEPTH) {
        throw depthExceeded();
      }
      current = all.get(current).source();
    }
  }

  /** MongoDB's refusal of a write or index change on a view. */
  public static MongoLakeException notACollection(Namespace namespace) {
    return new MongoLakeException(
        ErrorCode.COMMAND_NOT_SUPPORTED_ON_VIEW,
        "Namespace " + namespace.fullName() + " is a view, not a collection");
  }

  /** MongoDB's refusal of a collection or view named as an existing view. */
  static MongoLakeException viewExists(Namespace namespace) {
    return new MongoLakeException(
        ErrorCode.NAMESPACE_EXISTS, "A view already exists. NS: " + namespace.fullName());
  }

  private static MongoLakeException depthExceeded() {
    return new MongoLakeException(
        ErrorCode.VIEW_DEPTH_LIMIT_EXCEEDED,
        "View depth limit exceeded; maximum depth is " + MAX_DEPTH);
  }

  private void persist(Map<Namespace, ViewDefinition> all) {
    List<BsonDocument> entries =
        all.values().stream()
            .sorted(Comparator.comparing(view -> view.name().fullName()))
            .map(ViewDefinition::toDocument)
            .toList();
    CatalogFile.write(storage, FILE, "views", entries, CANONICAL);
  }

  /**
   * A view resolved to what its reads run.
   *
   * @param source the collection at the end of the view's chain
   * @param pipeline the pipelines of the chain, innermost view's first
   */
  public record ResolvedView(Namespace source, List<BsonDocument> pipeline) {

    public ResolvedView {
      pipeline = List.copyOf(pipeline);
    }
  }
}
