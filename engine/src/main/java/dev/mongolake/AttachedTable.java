package dev.mongolake;

/**
 * A Delta table attached to a database as a read-only collection, as {@link
 * MongoLakeDatabase#listAttachedTables()} lists it.
 *
 * @param name the collection name it is read under
 * @param location where the table is, as given to {@link MongoLakeDatabase#attach}
 */
public record AttachedTable(String name, String location) {}
