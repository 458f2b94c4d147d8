package dev.mongolake.delta.query.internal.parse;

/** Where the parser is: the filter's own top level, or inside {@code $elemMatch}. */
public enum ParseLevel {
  TOP_LEVEL,
  SUB_DOCUMENT
}
