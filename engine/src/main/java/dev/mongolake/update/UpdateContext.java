package dev.mongolake.update;

import java.time.Clock;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * What an update needs to know about the write it is part of.
 *
 * @param upsertInsert whether the update builds a new document for an upsert that matched nothing
 *     ({@code $setOnInsert} applies only then, and {@code _id} may be set)
 * @param positionalMatch the array position the query matched, which the positional {@code $}
 *     operator stands for (the engine takes it from the filter's match); empty when the query
 *     matched no array element
 * @param clock the time source for {@code $currentDate}
 */
public record UpdateContext(boolean upsertInsert, OptionalInt positionalMatch, Clock clock) {
  public UpdateContext {
    Objects.requireNonNull(positionalMatch, "positionalMatch");
    Objects.requireNonNull(clock, "clock");
    if (positionalMatch.isPresent() && positionalMatch.getAsInt() < 0) {
      throw new IllegalArgumentException("positionalMatch must not be negative");
    }
  }

  /** An update of an existing document, with no positional match. */
  public static UpdateContext forUpdate(Clock clock) {
    return new UpdateContext(false, OptionalInt.empty(), clock);
  }

  /** The insert half of an upsert: {@code $setOnInsert} applies. */
  public static UpdateContext forUpsertInsert(Clock clock) {
    return new UpdateContext(true, OptionalInt.empty(), clock);
  }

  /** The same context where the query matched array position {@code position}. */
  public UpdateContext withPositionalMatch(int position) {
    return new UpdateContext(upsertInsert, OptionalInt.of(position), clock);
  }
}
