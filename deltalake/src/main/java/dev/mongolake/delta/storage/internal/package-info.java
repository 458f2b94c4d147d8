/**
 * Implementation of the built-in storage backends: durable file operations, folder listing and
 * location parsing. Not API: may change without notice.
 */
package dev.mongolake.delta.storage.internal;
