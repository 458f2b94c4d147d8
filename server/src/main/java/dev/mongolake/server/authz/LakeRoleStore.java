package dev.mongolake.server.authz;

import dev.mongolake.Namespace;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.server.auth.CatalogFile;
import dev.mongolake.server.auth.RoleName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * User-defined roles kept in the lake beside the users: one file, {@value #PATH}, holding documents
 * shaped like MongoDB's {@code admin.system.roles} entries ({@code _id, role, db, privileges,
 * roles}). Every change rewrites the file with the storage's atomic overwrite before it is
 * acknowledged; reads are served from memory. Thread-safe.
 */
public final class LakeRoleStore implements RoleStore {

  /** The roles file in the table storage. */
  public static final String PATH = Namespace.RESERVED_CATALOG_FOLDER + "/roles.json";

  private final CatalogFile file;
  private final Map<RoleName, Role> roles = new LinkedHashMap<>();

  private LakeRoleStore(CatalogFile file) {
    this.file = file;
  }

  /**
   * Loads the roles stored in {@code storage} (none when the file does not exist yet).
   *
   * @throws IllegalStateException when the file exists but cannot be read as roles
   */
  public static LakeRoleStore open(Storage storage) {
    LakeRoleStore store = new LakeRoleStore(new CatalogFile(storage, PATH, "roles file"));
    store
        .file
        .read(
            file -> {
              List<Role> roles = new ArrayList<>();
              for (BsonValue entry : file.getArray("roles")) {
                roles.add(fromDocument(entry.asDocument()));
              }
              return roles;
            })
        .ifPresent(roles -> roles.forEach(role -> store.roles.put(role.name(), role)));
    return store;
  }

  @Override
  public synchronized Optional<Role> find(RoleName name) {
    return Optional.ofNullable(roles.get(name));
  }

  @Override
  public synchronized List<Role> list(String db) {
    return roles.values().stream()
        .filter(r -> db == null || r.name().db().equals(db))
        .sorted(Comparator.comparing(r -> r.name().id()))
        .toList();
  }

  @Override
  public synchronized void create(Role role) {
    if (roles.containsKey(role.name())) {
      throw RoleErrors.alreadyExists(role.name());
    }
    Map<RoleName, Role> next = new LinkedHashMap<>(roles);
    next.put(role.name(), role);
    save(next);
  }

  @Override
  public synchronized void update(Role role) {
    if (!roles.containsKey(role.name())) {
      throw RoleErrors.notFound(role.name());
    }
    Map<RoleName, Role> next = new LinkedHashMap<>(roles);
    next.put(role.name(), role);
    save(next);
  }

  @Override
  public synchronized boolean drop(RoleName name) {
    if (!roles.containsKey(name)) {
      return false;
    }
    Map<RoleName, Role> next = new LinkedHashMap<>(roles);
    next.remove(name);
    save(next);
    return true;
  }

  /**
   * Writes {@code next} durably, then makes it the served state: a failed write changes nothing.
   */
  private void save(Map<RoleName, Role> next) {
    BsonArray documents = new BsonArray();
    next.values().forEach(role -> documents.add(toDocument(role)));
    file.write(new BsonDocument("roles", documents));
    roles.clear();
    roles.putAll(next);
  }

  static BsonDocument toDocument(Role role) {
    return new BsonDocument("_id", new BsonString(role.name().id()))
        .append("role", new BsonString(role.name().role()))
        .append("db", new BsonString(role.name().db()))
        .append("privileges", Privilege.toArray(role.privileges().privileges()))
        .append("roles", RoleName.toArray(role.roles()));
  }

  static Role fromDocument(BsonDocument document) {
    RoleName name =
        new RoleName(document.getString("role").getValue(), document.getString("db").getValue());
    return Role.defined(
        name,
        PrivilegeSet.of(Privilege.parseAll(document.get("privileges"), "the roles file")),
        RoleName.parseAll(document.get("roles"), name.db()));
  }
}
