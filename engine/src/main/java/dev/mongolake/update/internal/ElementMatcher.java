package dev.mongolake.update.internal;

import org.bson.BsonValue;

/** Decides whether one array element is selected (by an array filter or a $pull condition). */
@FunctionalInterface
public interface ElementMatcher {
  /** Whether {@code element} is selected. */
  boolean matches(BsonValue element);
}
