/**
 * Change data capture: the {@link dev.mongolake.delta.cdc.CDCRecord} format consumers read, and the
 * rows of a document table's Delta change data feed ({@link dev.mongolake.delta.cdc.ChangeRow}).
 */
package dev.mongolake.delta.cdc;
