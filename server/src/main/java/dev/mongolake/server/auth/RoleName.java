package dev.mongolake.server.auth;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A role by name and the database it is defined on. Users and roles hold roles by these names.
 *
 * @param role the role's name, for example {@code "readWrite"}
 * @param db the database it is defined on, for example {@code "app"}
 */
public record RoleName(String role, String db) {

  /** {@code {role, db}}. */
  public BsonDocument toDocument() {
    return new BsonDocument("role", new BsonString(role)).append("db", new BsonString(db));
  }

  /** The role's id as MongoDB writes it: {@code <db>.<role>}. */
  public String id() {
    return db + "." + role;
  }

  /** MongoDB's way of naming a role in messages: {@code role@db}. */
  @Override
  public String toString() {
    return role + "@" + db;
  }

  /** Role names as a BSON array of {@code {role, db}}. */
  public static BsonArray toArray(Collection<RoleName> roles) {
    BsonArray array = new BsonArray();
    roles.forEach(role -> array.add(role.toDocument()));
    return array;
  }

  /**
   * Reads a {@code roles} array as the user and role commands take it: each entry a role name on
   * {@code database}, or a {@code {role, db}} document. Duplicates are dropped.
   *
   * @throws MongoLakeException TypeMismatch when {@code value} is not an array, BadValue for an
   *     entry of another shape
   */
  public static List<RoleName> parseAll(BsonValue value, String database) {
    if (value == null || !value.isArray()) {
      throw new MongoLakeException(ErrorCode.TYPE_MISMATCH, "\"roles\" field must be an array");
    }
    Set<RoleName> roles = new LinkedHashSet<>();
    for (BsonValue role : value.asArray()) {
      roles.add(parse(role, database));
    }
    return new ArrayList<>(roles);
  }

  /** One role reference: a name on {@code database}, or {@code {role, db}}. */
  public static RoleName parse(BsonValue role, String database) {
    if (role.isString() && !role.asString().getValue().isEmpty()) {
      return new RoleName(role.asString().getValue(), database);
    }
    if (role.isDocument()
        && role.asDocument().isString("role")
        && role.asDocument().isString("db")
        && !role.asDocument().getString("role").getValue().isEmpty()) {
      return new RoleName(
          role.asDocument().getString("role").getValue(),
          role.asDocument().getString("db").getValue());
    }
    throw new MongoLakeException(
        ErrorCode.BAD_VALUE, "Cannot parse role " + role + ": expected a name or {role, db}");
  }
}
