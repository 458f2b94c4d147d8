package dev.mongolake.server.authz;

import static dev.mongolake.server.authz.ActionType.*;

import dev.mongolake.server.auth.RoleName;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * MongoDB's built-in roles with their privileges (MongoDB's {@code builtin_roles.yml}), as a table:
 * the database roles ({@code read}, {@code readWrite}, {@code dbAdmin}, {@code userAdmin}, {@code
 * dbOwner}) exist on every database and grant on that database; the others exist only on {@code
 * admin}. Privileges MongoDB grants on system collections are left out: MongoLake has none.
 */
public final class BuiltinRoles {

  static final Set<ActionType> READ =
      EnumSet.of(
          CHANGE_STREAM,
          COLL_STATS,
          DB_HASH,
          DB_STATS,
          FIND,
          KILL_CURSORS,
          LIST_COLLECTIONS,
          LIST_INDEXES,
          LIST_SEARCH_INDEXES,
          PLAN_CACHE_READ);

  static final Set<ActionType> READ_WRITE =
      union(
          READ,
          EnumSet.of(
              CLEANUP_STRUCTURED_ENCRYPTION_DATA,
              COMPACT_STRUCTURED_ENCRYPTION_DATA,
              CONVERT_TO_CAPPED,
              CREATE_COLLECTION,
              CREATE_INDEX,
              CREATE_SEARCH_INDEXES,
              DROP_COLLECTION,
              DROP_INDEX,
              DROP_SEARCH_INDEX,
              INSERT,
              REMOVE,
              RENAME_COLLECTION_SAME_DB,
              UPDATE,
              UPDATE_SEARCH_INDEX));

  static final Set<ActionType> USER_ADMIN =
      EnumSet.of(
          CHANGE_CUSTOM_DATA,
          CHANGE_PASSWORD,
          CREATE_USER,
          CREATE_ROLE,
          DROP_USER,
          DROP_ROLE,
          GRANT_ROLE,
          REVOKE_ROLE,
          SET_AUTHENTICATION_RESTRICTION,
          VIEW_USER,
          VIEW_ROLE);

  static final Set<ActionType> DB_ADMIN =
      EnumSet.of(
          ANALYZE,
          BYPASS_DOCUMENT_VALIDATION,
          COLL_MOD,
          COLL_STATS,
          COMPACT,
          CONVERT_TO_CAPPED,
          CREATE_COLLECTION,
          DB_STATS,
          DROP_COLLECTION,
          DROP_DATABASE,
          DROP_INDEX,
          DROP_SEARCH_INDEX,
          CREATE_INDEX,
          CREATE_SEARCH_INDEXES,
          ENABLE_PROFILER,
          LIST_COLLECTIONS,
          LIST_INDEXES,
          LIST_SEARCH_INDEXES,
          UPDATE_SEARCH_INDEX,
          PLAN_CACHE_INDEX_FILTER,
          PLAN_CACHE_READ,
          PLAN_CACHE_WRITE,
          RE_INDEX,
          RENAME_COLLECTION_SAME_DB,
          STORAGE_DETAILS,
          VALIDATE,
          CONFIGURE_QUERY_ANALYZER);

  private static final Set<ActionType> CLUSTER_MONITOR_CLUSTER =
      EnumSet.of(
          CONN_POOL_STATS,
          GET_CMD_LINE_OPTS,
          GET_DEFAULT_RW_CONCERN,
          GET_LOG,
          GET_PARAMETER,
          GET_SHARD_MAP,
          HOST_INFO,
          LIST_DATABASES,
          LIST_SAMPLED_QUERIES,
          LIST_SESSIONS,
          LIST_SHARDS,
          NETSTAT,
          OPERATION_METRICS,
          REPL_SET_GET_CONFIG,
          REPL_SET_GET_STATUS,
          SERVER_STATUS,
          TOP,
          USE_UUID,
          INPROG,
          SHARDING_STATE,
          ALL_COLLECTION_STATS,
          SHARDED_DATA_DISTRIBUTION);

  private static final Set<ActionType> CLUSTER_MONITOR_DATABASES =
      EnumSet.of(COLL_STATS, DB_STATS, GET_DATABASE_VERSION, GET_SHARD_VERSION, INDEX_STATS);

  private static final Set<ActionType> HOST_MANAGER_CLUSTER =
      EnumSet.of(
          APPLICATION_MESSAGE,
          AUDIT_CONFIGURE,
          CONN_POOL_SYNC,
          DROP_CONNECTIONS,
          LOG_ROTATE,
          OID_RESET,
          SET_PARAMETER,
          SHUTDOWN,
          TOUCH,
          UNLOCK,
          FLUSH_ROUTER_CONFIG,
          FSYNC,
          INVALIDATE_USER_CACHE,
          KILL_ANY_CURSOR,
          KILL_ANY_SESSION,
          KILLOP,
          REPL_SET_RESIZE_OPLOG,
          RESYNC,
          TRAFFIC_RECORD,
          ROTATE_CERTIFICATES,
          OIDC_LIST_KEYS,
          OIDC_REFRESH_KEYS);

  private static final Set<ActionType> CLUSTER_MANAGER_CLUSTER =
      EnumSet.of(
          APPEND_OPLOG_NOTE,
          APPLICATION_MESSAGE,
          REPL_SET_CONFIGURE,
          REPL_SET_GET_CONFIG,
          REPL_SET_GET_STATUS,
          REPL_SET_STATE_CHANGE,
          RESYNC,
          ADD_SHARD,
          REMOVE_SHARD,
          LIST_SESSIONS,
          LIST_SHARDS,
          FLUSH_ROUTER_CONFIG,
          CLEANUP_ORPHANED,
          GET_DEFAULT_RW_CONCERN,
          RUN_TENANT_MIGRATION,
          SET_DEFAULT_RW_CONCERN,
          SET_FEATURE_COMPATIBILITY_VERSION,
          SET_CLUSTER_PARAMETER,
          GET_CLUSTER_PARAMETER,
          SET_CHANGE_STREAM_STATE,
          GET_CHANGE_STREAM_STATE,
          QUERY_SETTINGS,
          QUERY_STATS_READ,
          QUERY_STATS_READ_TRANSFORMED,
          CHECK_METADATA_CONSISTENCY,
          TRANSITION_FROM_DEDICATED_CONFIG_SERVER,
          TRANSITION_TO_DEDICATED_CONFIG_SERVER);

  private static final Set<ActionType> CLUSTER_MANAGER_DATABASES =
      EnumSet.of(
          ANALYZE_SHARD_KEY,
          CONFIGURE_QUERY_ANALYZER,
          CLEAR_JUMBO_FLAG,
          SPLIT_CHUNK,
          MOVE_CHUNK,
          MOVE_COLLECTION,
          ENABLE_SHARDING,
          SPLIT_VECTOR,
          REFINE_COLLECTION_SHARD_KEY,
          RESHARD_COLLECTION);

  private static final Set<ActionType> RESTORE_WRITE =
      EnumSet.of(
          BYPASS_DOCUMENT_VALIDATION,
          COLL_MOD,
          CONVERT_TO_CAPPED,
          CREATE_COLLECTION,
          CREATE_INDEX,
          CREATE_SEARCH_INDEXES,
          DROP_COLLECTION,
          INSERT,
          UPDATE_SEARCH_INDEX);

  /** What one built-in role grants when defined on database {@code db}. */
  private record Grants(List<Privilege> privileges, List<RoleName> roles) {}

  /** A built-in role: its name, whether it exists only on admin, and its grants per database. */
  private record Template(String name, boolean adminOnly, Function<String, Grants> grants) {}

  private static final Map<String, Template> TEMPLATES = new LinkedHashMap<>();

  static {
    onEveryDatabase("read", db -> grants(on(Resource.database(db), READ)));
    onEveryDatabase("readWrite", db -> grants(on(Resource.database(db), READ_WRITE)));
    onEveryDatabase("dbAdmin", db -> grants(on(Resource.database(db), DB_ADMIN)));
    onEveryDatabase("userAdmin", db -> grants(on(Resource.database(db), USER_ADMIN)));
    onEveryDatabase("dbOwner", db -> inherits(db, "readWrite", "dbAdmin", "userAdmin"));
    onAdmin(
        "readAnyDatabase",
        grants(
            on(Resource.anyDatabase(), READ), on(Resource.cluster(), EnumSet.of(LIST_DATABASES))));
    onAdmin(
        "readWriteAnyDatabase",
        new Grants(
            List.of(on(Resource.anyDatabase(), READ_WRITE)), List.of(admin("readAnyDatabase"))));
    onAdmin(
        "userAdminAnyDatabase",
        grants(
            on(Resource.anyDatabase(), union(USER_ADMIN, EnumSet.of(LIST_CACHED_AND_ACTIVE_USERS))),
            on(
                Resource.cluster(),
                EnumSet.of(
                    LIST_DATABASES, AUTH_SCHEMA_UPGRADE, INVALIDATE_USER_CACHE, VIEW_USER))));
    onAdmin(
        "dbAdminAnyDatabase",
        grants(
            on(Resource.cluster(), EnumSet.of(LIST_DATABASES, APPLY_OPS)),
            on(Resource.anyDatabase(), DB_ADMIN)));
    onAdmin(
        "clusterMonitor",
        new Grants(
            List.of(
                on(Resource.cluster(), CLUSTER_MONITOR_CLUSTER),
                on(Resource.anyDatabase(), CLUSTER_MONITOR_DATABASES)),
            List.of(new RoleName("read", "config"), new RoleName("read", "local"))));
    onAdmin(
        "hostManager",
        grants(
            on(Resource.cluster(), HOST_MANAGER_CLUSTER),
            on(Resource.anyDatabase(), EnumSet.of(KILL_CURSORS))));
    onAdmin(
        "clusterManager",
        new Grants(
            List.of(
                on(Resource.cluster(), CLUSTER_MANAGER_CLUSTER),
                on(Resource.anyDatabase(), CLUSTER_MANAGER_DATABASES),
                on(Resource.anyResource(), EnumSet.of(DB_CHECK)),
                on(Resource.database("config"), EnumSet.of(INSERT, UPDATE, REMOVE)),
                on(Resource.database("local"), EnumSet.of(INSERT, UPDATE, REMOVE))),
            List.of(new RoleName("read", "config"))));
    onAdmin(
        "clusterAdmin",
        new Grants(
            List.of(
                on(Resource.anyDatabase(), EnumSet.of(DROP_DATABASE)),
                on(Resource.anyResource(), EnumSet.of(IMPORT_COLLECTION, EXPORT_COLLECTION))),
            List.of(admin("clusterMonitor"), admin("hostManager"), admin("clusterManager"))));
    onAdmin(
        "backup",
        grants(
            on(
                Resource.anyResource(),
                EnumSet.of(COLL_STATS, LIST_COLLECTIONS, LIST_INDEXES, LIST_SEARCH_INDEXES)),
            on(Resource.anyDatabase(), EnumSet.of(FIND)),
            on(
                Resource.cluster(),
                EnumSet.of(
                    GET_PARAMETER,
                    LIST_DATABASES,
                    USE_UUID,
                    APPEND_OPLOG_NOTE,
                    SERVER_STATUS,
                    SET_USER_WRITE_BLOCK_MODE))));
    onAdmin(
        "restore",
        grants(
            on(
                Resource.cluster(),
                EnumSet.of(
                    GET_PARAMETER,
                    FORCE_UUID,
                    USE_UUID,
                    BYPASS_WRITE_BLOCKING_MODE,
                    SET_USER_WRITE_BLOCK_MODE,
                    APPLY_OPS)),
            on(Resource.anyResource(), EnumSet.of(LIST_COLLECTIONS)),
            on(Resource.anyDatabase(), union(RESTORE_WRITE, USER_ADMIN))));
    onAdmin(
        "root",
        new Grants(
            List.of(
                on(Resource.anyResource(), EnumSet.of(VALIDATE)),
                on(Resource.cluster(), EnumSet.of(USE_TENANT))),
            List.of(
                admin("clusterAdmin"),
                admin("userAdminAnyDatabase"),
                admin("dbAdminAnyDatabase"),
                admin("readWriteAnyDatabase"),
                admin("backup"),
                admin("restore"))));
  }

  private BuiltinRoles() {}

  /** The built-in role with this name on this database, if MongoDB defines one there. */
  public static Optional<Role> find(RoleName name) {
    Template template = TEMPLATES.get(name.role());
    if (template == null || (template.adminOnly() && !name.db().equals("admin"))) {
      return Optional.empty();
    }
    Grants grants = template.grants().apply(name.db());
    return Optional.of(new Role(name, PrivilegeSet.of(grants.privileges()), grants.roles(), true));
  }

  /** Whether {@code name} is a built-in role (which cannot be created, changed or dropped). */
  public static boolean isBuiltin(RoleName name) {
    return find(name).isPresent();
  }

  /** The built-in roles that exist on {@code db}, in MongoDB's order. */
  public static List<Role> on(String db) {
    List<Role> roles = new ArrayList<>();
    for (String name : TEMPLATES.keySet()) {
      find(new RoleName(name, db)).ifPresent(roles::add);
    }
    return roles;
  }

  private static void onEveryDatabase(String name, Function<String, Grants> grants) {
    TEMPLATES.put(name, new Template(name, false, grants));
  }

  private static void onAdmin(String name, Grants grants) {
    TEMPLATES.put(name, new Template(name, true, db -> grants));
  }

  private static Grants grants(Privilege... privileges) {
    return new Grants(List.of(privileges), List.of());
  }

  private static Grants inherits(String db, String... roles) {
    List<RoleName> names = new ArrayList<>();
    for (String role : roles) {
      names.add(new RoleName(role, db));
    }
    return new Grants(List.of(), names);
  }

  private static Privilege on(Resource resource, Set<ActionType> actions) {
    return new Privilege(resource, actions);
  }

  private static RoleName admin(String role) {
    return new RoleName(role, "admin");
  }

  private static Set<ActionType> union(Set<ActionType> first, Set<ActionType> second) {
    Set<ActionType> all = EnumSet.copyOf(first);
    all.addAll(second);
    return all;
  }
}
