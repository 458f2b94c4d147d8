package dev.mongolake.delta.order;

import com.ibm.icu.text.Collator;
import com.ibm.icu.text.RawCollationKey;
import com.ibm.icu.text.RuleBasedCollator;
import com.ibm.icu.util.ULocale;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * ICU collators for {@link Collation}s: built once per collation and frozen (a frozen ICU collator
 * is immutable and safe to share between threads), with the locale's defaults read back from ICU so
 * that a resolved collation reports what it really does.
 */
final class IcuCollators {
  private static final ConcurrentMap<Collation, RuleBasedCollator> BUILT =
      new ConcurrentHashMap<>();
  // Only what resolved is kept: bounded by the locales ICU knows times the option combinations.
  private static final ConcurrentMap<Specified, Collation> RESOLVED = new ConcurrentHashMap<>();

  private record Specified(String locale, CollationOptions options) {}

  private IcuCollators() {}

  /**
   * The collation {@code locale} with {@code options} resolves to, empty when ICU has no collation
   * for exactly that locale ID (MongoDB's rule: {@code en_US} and {@code de@collation=phonebook}
   * are known, {@code en-US}, {@code EN} and the root locale are not).
   */
  static Optional<Collation> resolve(String locale, CollationOptions options) {
    Specified specified = new Specified(locale, options);
    Collation known = RESOLVED.get(specified);
    if (known != null) {
      return Optional.of(known);
    }
    Optional<Collation> resolved = resolveWithIcu(locale, options);
    resolved.ifPresent(collation -> RESOLVED.putIfAbsent(specified, collation));
    return resolved;
  }

  private static Optional<Collation> resolveWithIcu(String locale, CollationOptions options) {
    if (locale.isEmpty() || locale.equals("root")) {
      return Optional.empty();
    }
    RuleBasedCollator collator = (RuleBasedCollator) Collator.getInstance(new ULocale(locale));
    if (!collator.getLocale(ULocale.VALID_LOCALE).getName().equals(locale)) {
      return Optional.empty();
    }
    apply(collator, options);
    Collation resolved =
        new Collation(
            locale,
            collator.isCaseLevel(),
            collator.isUpperCaseFirst() ? "upper" : collator.isLowerCaseFirst() ? "lower" : "off",
            strengthOf(collator.getStrength()),
            collator.getNumericCollation(),
            collator.isAlternateHandlingShifted() ? "shifted" : "non-ignorable",
            collator.getMaxVariable() == Collator.ReorderCodes.SPACE ? "space" : "punct",
            collator.getDecomposition() == Collator.CANONICAL_DECOMPOSITION,
            collator.isFrenchCollation());
    BUILT.putIfAbsent(resolved, (RuleBasedCollator) collator.freeze());
    return Optional.of(resolved);
  }

  /** The frozen collator of a resolved, non-simple collation. */
  static RuleBasedCollator collator(Collation collation) {
    return BUILT.computeIfAbsent(collation, IcuCollators::build);
  }

  /**
   * The bytes {@code text} sorts by under {@code collator} as a string of the characters U+0001 to
   * U+00FF, one per byte: such strings compare by their UTF-8 bytes exactly as the keys do (ICU
   * keys hold no zero byte before their terminator, which is left out).
   */
  static String sortKey(RuleBasedCollator collator, String text) {
    RawCollationKey key = collator.getRawCollationKey(text, null);
    char[] chars = new char[Math.max(0, key.size - 1)];
    for (int i = 0; i < chars.length; i++) {
      chars[i] = (char) (key.bytes[i] & 0xFF);
    }
    return new String(chars);
  }

  private static RuleBasedCollator build(Collation collation) {
    RuleBasedCollator collator =
        (RuleBasedCollator) Collator.getInstance(new ULocale(collation.locale()));
    apply(
        collator,
        new CollationOptions(
            collation.caseLevel(),
            collation.caseFirst(),
            collation.strength(),
            collation.numericOrdering(),
            collation.alternate(),
            collation.maxVariable(),
            collation.normalization(),
            collation.backwards()));
    return (RuleBasedCollator) collator.freeze();
  }

  private static void apply(RuleBasedCollator collator, CollationOptions options) {
    if (options.strength() != null) {
      collator.setStrength(icuStrength(options.strength()));
    }
    if (options.caseLevel() != null) {
      collator.setCaseLevel(options.caseLevel());
    }
    if (options.caseFirst() != null) {
      switch (options.caseFirst()) {
        case "upper" -> collator.setUpperCaseFirst(true);
        case "lower" -> collator.setLowerCaseFirst(true);
        default -> collator.setLowerCaseFirst(false); // off
      }
    }
    if (options.numericOrdering() != null) {
      collator.setNumericCollation(options.numericOrdering());
    }
    if (options.alternate() != null) {
      collator.setAlternateHandlingShifted(options.alternate().equals("shifted"));
    }
    if (options.maxVariable() != null) {
      collator.setMaxVariable(
          options.maxVariable().equals("space")
              ? Collator.ReorderCodes.SPACE
              : Collator.ReorderCodes.PUNCTUATION);
    }
    if (options.normalization() != null) {
      collator.setDecomposition(
          options.normalization() ? Collator.CANONICAL_DECOMPOSITION : Collator.NO_DECOMPOSITION);
    }
    if (options.backwards() != null) {
      collator.setFrenchCollation(options.backwards());
    }
  }

  private static int icuStrength(int strength) {
    return switch (strength) {
      case 1 -> Collator.PRIMARY;
      case 2 -> Collator.SECONDARY;
      case 3 -> Collator.TERTIARY;
      case 4 -> Collator.QUATERNARY;
      default -> Collator.IDENTICAL;
    };
  }

  private static int strengthOf(int icuStrength) {
    return switch (icuStrength) {
      case Collator.PRIMARY -> 1;
      case Collator.SECONDARY -> 2;
      case Collator.TERTIARY -> 3;
      case Collator.QUATERNARY -> 4;
      default -> 5;
    };
  }
}
