package dev.mongolake.server.authz;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * MongoDB's privilege actions, by the names roles and {@code createRole} use ({@code find}, {@code
 * insert}, {@code killop}, ...). Every action MongoDB defines for roles is here, so that a role
 * written for MongoDB loads unchanged; the commands MongoLake serves check the actions they need,
 * and the others are never asked for.
 */
public enum ActionType {
  ADD_SHARD("addShard"),
  ADVANCE_CLUSTER_TIME("advanceClusterTime"),
  ALL_COLLECTION_STATS("allCollectionStats"),
  ANALYZE("analyze"),
  ANALYZE_SHARD_KEY("analyzeShardKey"),
  APPEND_OPLOG_NOTE("appendOplogNote"),
  APPLICATION_MESSAGE("applicationMessage"),
  APPLY_OPS("applyOps"),
  AUDIT_CONFIGURE("auditConfigure"),
  AUTH_SCHEMA_UPGRADE("authSchemaUpgrade"),
  BYPASS_DOCUMENT_VALIDATION("bypassDocumentValidation"),
  BYPASS_WRITE_BLOCKING_MODE("bypassWriteBlockingMode"),
  CHANGE_CUSTOM_DATA("changeCustomData"),
  CHANGE_OWN_CUSTOM_DATA("changeOwnCustomData"),
  CHANGE_OWN_PASSWORD("changeOwnPassword"),
  CHANGE_PASSWORD("changePassword"),
  CHANGE_STREAM("changeStream"),
  CHECK_METADATA_CONSISTENCY("checkMetadataConsistency"),
  CLEANUP_ORPHANED("cleanupOrphaned"),
  CLEANUP_STRUCTURED_ENCRYPTION_DATA("cleanupStructuredEncryptionData"),
  CLEAR_JUMBO_FLAG("clearJumboFlag"),
  COLL_MOD("collMod"),
  COLL_STATS("collStats"),
  COMPACT("compact"),
  COMPACT_STRUCTURED_ENCRYPTION_DATA("compactStructuredEncryptionData"),
  CONFIGURE_QUERY_ANALYZER("configureQueryAnalyzer"),
  CONN_POOL_STATS("connPoolStats"),
  CONN_POOL_SYNC("connPoolSync"),
  CONVERT_TO_CAPPED("convertToCapped"),
  CPU_PROFILER("cpuProfiler"),
  CREATE_COLLECTION("createCollection"),
  CREATE_INDEX("createIndex"),
  CREATE_ROLE("createRole"),
  CREATE_SEARCH_INDEXES("createSearchIndexes"),
  CREATE_USER("createUser"),
  DB_CHECK("dbCheck"),
  DB_HASH("dbHash"),
  DB_STATS("dbStats"),
  DROP_COLLECTION("dropCollection"),
  DROP_CONNECTIONS("dropConnections"),
  DROP_DATABASE("dropDatabase"),
  DROP_INDEX("dropIndex"),
  DROP_ROLE("dropRole"),
  DROP_SEARCH_INDEX("dropSearchIndex"),
  DROP_USER("dropUser"),
  ENABLE_PROFILER("enableProfiler"),
  ENABLE_SHARDING("enableSharding"),
  EXPORT_COLLECTION("exportCollection"),
  FIND("find"),
  FLUSH_ROUTER_CONFIG("flushRouterConfig"),
  FORCE_UUID("forceUUID"),
  FSYNC("fsync"),
  GET_CHANGE_STREAM_STATE("getChangeStreamState"),
  GET_CLUSTER_PARAMETER("getClusterParameter"),
  GET_CMD_LINE_OPTS("getCmdLineOpts"),
  GET_DATABASE_VERSION("getDatabaseVersion"),
  GET_DEFAULT_RW_CONCERN("getDefaultRWConcern"),
  GET_LOG("getLog"),
  GET_PARAMETER("getParameter"),
  GET_SHARD_MAP("getShardMap"),
  GET_SHARD_VERSION("getShardVersion"),
  GRANT_ROLE("grantRole"),
  HOST_INFO("hostInfo"),
  IMPERSONATE("impersonate"),
  IMPORT_COLLECTION("importCollection"),
  INDEX_STATS("indexStats"),
  INPROG("inprog"),
  INSERT("insert"),
  INVALIDATE_USER_CACHE("invalidateUserCache"),
  ISSUE_DIRECT_SHARD_OPERATIONS("issueDirectShardOperations"),
  KILL_ANY_CURSOR("killAnyCursor"),
  KILL_ANY_SESSION("killAnySession"),
  KILL_CURSORS("killCursors"),
  KILLOP("killop"),
  LIST_CACHED_AND_ACTIVE_USERS("listCachedAndActiveUsers"),
  LIST_COLLECTIONS("listCollections"),
  LIST_CURSORS("listCursors"),
  LIST_DATABASES("listDatabases"),
  LIST_INDEXES("listIndexes"),
  LIST_SAMPLED_QUERIES("listSampledQueries"),
  LIST_SEARCH_INDEXES("listSearchIndexes"),
  LIST_SESSIONS("listSessions"),
  LIST_SHARDS("listShards"),
  LOG_ROTATE("logRotate"),
  MOVE_CHUNK("moveChunk"),
  MOVE_COLLECTION("moveCollection"),
  NETSTAT("netstat"),
  OIDC_LIST_KEYS("oidcListKeys"),
  OIDC_REFRESH_KEYS("oidcRefreshKeys"),
  OID_RESET("oidReset"),
  OPERATION_METRICS("operationMetrics"),
  PLAN_CACHE_INDEX_FILTER("planCacheIndexFilter"),
  PLAN_CACHE_READ("planCacheRead"),
  PLAN_CACHE_WRITE("planCacheWrite"),
  QUERY_SETTINGS("querySettings"),
  QUERY_STATS_READ("queryStatsRead"),
  QUERY_STATS_READ_TRANSFORMED("queryStatsReadTransformed"),
  REFINE_COLLECTION_SHARD_KEY("refineCollectionShardKey"),
  RE_INDEX("reIndex"),
  REMOVE("remove"),
  REMOVE_SHARD("removeShard"),
  RENAME_COLLECTION_SAME_DB("renameCollectionSameDB"),
  REPL_SET_CONFIGURE("replSetConfigure"),
  REPL_SET_GET_CONFIG("replSetGetConfig"),
  REPL_SET_GET_STATUS("replSetGetStatus"),
  REPL_SET_HEARTBEAT("replSetHeartbeat"),
  REPL_SET_RESIZE_OPLOG("replSetResizeOplog"),
  REPL_SET_STATE_CHANGE("replSetStateChange"),
  RESHARD_COLLECTION("reshardCollection"),
  RESYNC("resync"),
  REVOKE_ROLE("revokeRole"),
  ROTATE_CERTIFICATES("rotateCertificates"),
  RUN_AS_LESS_PRIVILEGED_USER("runAsLessPrivilegedUser"),
  RUN_TENANT_MIGRATION("runTenantMigration"),
  SERVER_STATUS("serverStatus"),
  SET_AUTHENTICATION_RESTRICTION("setAuthenticationRestriction"),
  SET_CHANGE_STREAM_STATE("setChangeStreamState"),
  SET_CLUSTER_PARAMETER("setClusterParameter"),
  SET_DEFAULT_RW_CONCERN("setDefaultRWConcern"),
  SET_FEATURE_COMPATIBILITY_VERSION("setFeatureCompatibilityVersion"),
  SET_PARAMETER("setParameter"),
  SET_USER_WRITE_BLOCK_MODE("setUserWriteBlockMode"),
  SHARDED_DATA_DISTRIBUTION("shardedDataDistribution"),
  SHARDING_STATE("shardingState"),
  SHUTDOWN("shutdown"),
  SPLIT_CHUNK("splitChunk"),
  SPLIT_VECTOR("splitVector"),
  STORAGE_DETAILS("storageDetails"),
  TOP("top"),
  TOUCH("touch"),
  TRAFFIC_RECORD("trafficRecord"),
  TRANSITION_FROM_DEDICATED_CONFIG_SERVER("transitionFromDedicatedConfigServer"),
  TRANSITION_TO_DEDICATED_CONFIG_SERVER("transitionToDedicatedConfigServer"),
  UNLOCK("unlock"),
  UPDATE("update"),
  UPDATE_SEARCH_INDEX("updateSearchIndex"),
  USE_TENANT("useTenant"),
  USE_UUID("useUUID"),
  VALIDATE("validate"),
  VIEW_ROLE("viewRole"),
  VIEW_USER("viewUser");

  private static final Map<String, ActionType> BY_NAME =
      Arrays.stream(values())
          .collect(Collectors.toUnmodifiableMap(a -> a.mongoName, Function.identity()));

  private final String mongoName;

  ActionType(String mongoName) {
    this.mongoName = mongoName;
  }

  /** The name MongoDB gives the action, for example {@code "renameCollectionSameDB"}. */
  public String mongoName() {
    return mongoName;
  }

  /** The action with this MongoDB name, or empty. */
  public static Optional<ActionType> byName(String name) {
    return Optional.ofNullable(BY_NAME.get(name));
  }
}
