package dev.mongolake.internal.engine;

import dev.mongolake.delta.table.DocumentSnapshot;

/**
 * What readers of a collection combine: a table version and the log sequence it holds everything up
 * to (its floor). The buffer supplies the changes above the floor.
 *
 * @param snapshot the table version, or {@code null} while the collection has no table yet
 * @param floor every change at or below this log sequence is in {@code snapshot}
 */
record TableView(DocumentSnapshot snapshot, long floor) {

  static final TableView EMPTY = new TableView(null, 0);
}
