package dev.mongolake;

import java.util.List;
import org.bson.BsonTimestamp;

/**
 * A branch of a database: a database of its own, named {@code <parent>@<name>}, that began as the
 * parent was at {@code forkedAt} and whose tables reference the parent's Parquet files until they
 * change. Reads and writes address it by {@link #database()}, as any database.
 *
 * @param name the branch's name
 * @param parent the database it was branched from
 * @param forkedAt the log time of the parent's state the branch began from
 * @param mergedAt the log time of the branch's last merge into the parent, or null before one
 * @param collections the collections it held when created or last merged (sorted)
 */
public record BranchInfo(
    String name,
    String parent,
    BsonTimestamp forkedAt,
    BsonTimestamp mergedAt,
    List<String> collections) {

  /** The separator between a parent database's name and a branch's name. */
  public static final char SEPARATOR = '@';

  public BranchInfo {
    collections = List.copyOf(collections);
  }

  /** The database name that reads and writes the branch: {@code <parent>@<name>}. */
  public String database() {
    return parent + SEPARATOR + name;
  }
}
