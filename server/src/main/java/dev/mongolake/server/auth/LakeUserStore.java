package dev.mongolake.server.auth;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.storage.Storage;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Users kept in the lake, so that they survive restarts and live wherever the tables live (local
 * disk or an object store): one file, {@value #PATH}, holding documents shaped like MongoDB's
 * {@code admin.system.users} entries (SCRAM salts, iteration counts, stored and server keys; never
 * passwords). Every change rewrites the file with the storage's atomic overwrite before it is
 * acknowledged; reads are served from memory.
 */
public final class LakeUserStore implements UserStore {

  /** The users file in the table storage. */
  public static final String PATH = Namespace.RESERVED_CATALOG_FOLDER + "/users.json";

  private final CatalogFile file;
  private final Map<String, User> users = new LinkedHashMap<>();

  private LakeUserStore(CatalogFile file) {
    this.file = file;
  }

  /**
   * Loads the users stored in {@code storage} (none when the file does not exist yet).
   *
   * @throws IllegalStateException when the file exists but cannot be read as users
   */
  public static LakeUserStore open(Storage storage) {
    LakeUserStore store = new LakeUserStore(new CatalogFile(storage, PATH, "users file"));
    store
        .file
        .read(
            file -> {
              List<User> users = new ArrayList<>();
              for (BsonValue entry : file.getArray("users")) {
                users.add(fromDocument(entry.asDocument()));
              }
              return users;
            })
        .ifPresent(users -> users.forEach(user -> store.users.put(user.id(), user)));
    return store;
  }

  @Override
  public synchronized Optional<User> find(String database, String name) {
    return Optional.ofNullable(users.get(database + "." + name));
  }

  @Override
  public synchronized List<User> list(String database) {
    return users.values().stream()
        .filter(u -> database == null || u.database().equals(database))
        .sorted(Comparator.comparing(User::id))
        .toList();
  }

  @Override
  public synchronized void create(User user) {
    if (users.containsKey(user.id())) {
      throw new MongoLakeException(
          ErrorCode.USER_ALREADY_EXISTS,
          "User \"" + user.name() + "@" + user.database() + "\" already exists");
    }
    Map<String, User> next = new LinkedHashMap<>(users);
    next.put(user.id(), user);
    save(next);
  }

  @Override
  public synchronized void update(User user) {
    if (!users.containsKey(user.id())) {
      throw new MongoLakeException(
          ErrorCode.USER_NOT_FOUND,
          "Could not find user \"" + user.name() + "\" for db \"" + user.database() + "\"");
    }
    Map<String, User> next = new LinkedHashMap<>(users);
    next.put(user.id(), user);
    save(next);
  }

  @Override
  public synchronized boolean drop(String database, String name) {
    String id = database + "." + name;
    if (!users.containsKey(id)) {
      return false;
    }
    Map<String, User> next = new LinkedHashMap<>(users);
    next.remove(id);
    save(next);
    return true;
  }

  /**
   * Writes {@code next} durably, then makes it the served state: a failed write changes nothing.
   */
  private void save(Map<String, User> next) {
    BsonArray documents = new BsonArray();
    next.values().forEach(user -> documents.add(toDocument(user)));
    file.write(new BsonDocument("users", documents));
    users.clear();
    users.putAll(next);
  }

  static BsonDocument toDocument(User user) {
    BsonDocument credentials = new BsonDocument();
    user.credentials()
        .forEach(
            (mechanism, credential) ->
                credentials.put(
                    mechanism.mechanismName(),
                    new BsonDocument("iterationCount", new BsonInt32(credential.iterations()))
                        .append("salt", base64(credential.salt()))
                        .append("storedKey", base64(credential.storedKey()))
                        .append("serverKey", base64(credential.serverKey()))));
    return new BsonDocument("_id", new BsonString(user.id()))
        .append("user", new BsonString(user.name()))
        .append("db", new BsonString(user.database()))
        .append("credentials", credentials)
        .append("roles", RoleName.toArray(user.roles()));
  }

  static User fromDocument(BsonDocument document) {
    Map<ScramMechanism, ScramCredential> credentials = new EnumMap<>(ScramMechanism.class);
    for (Map.Entry<String, BsonValue> entry : document.getDocument("credentials").entrySet()) {
      ScramMechanism mechanism =
          ScramMechanism.byName(entry.getKey())
              .orElseThrow(
                  () -> new IllegalArgumentException("unknown mechanism " + entry.getKey()));
      BsonDocument credential = entry.getValue().asDocument();
      credentials.put(
          mechanism,
          new ScramCredential(
              mechanism,
              bytes(credential, "salt"),
              credential.getInt32("iterationCount").getValue(),
              bytes(credential, "storedKey"),
              bytes(credential, "serverKey")));
    }
    List<RoleName> roles = new ArrayList<>();
    for (BsonValue role : document.getArray("roles", new BsonArray())) {
      roles.add(
          new RoleName(
              role.asDocument().getString("role").getValue(),
              role.asDocument().getString("db").getValue()));
    }
    return new User(
        document.getString("user").getValue(),
        document.getString("db").getValue(),
        roles,
        credentials);
  }

  private static BsonString base64(byte[] bytes) {
    return new BsonString(Base64.getEncoder().encodeToString(bytes));
  }

  private static byte[] bytes(BsonDocument document, String field) {
    return Base64.getDecoder().decode(document.getString(field).getValue());
  }
}
