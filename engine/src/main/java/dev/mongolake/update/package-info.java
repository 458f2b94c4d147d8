/**
 * MongoDB's update language: {@link dev.mongolake.update.Update} (operator updates such as {@code
 * $set}, {@code $inc}, {@code $push} with positional and array-filter paths) and {@link
 * dev.mongolake.update.Replacement} (replacement documents). The engine parses once per command and
 * applies to each matched document with an {@link dev.mongolake.update.UpdateContext}.
 */
package dev.mongolake.update;
