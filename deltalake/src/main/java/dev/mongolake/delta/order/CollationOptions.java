package dev.mongolake.delta.order;

/**
 * The fields a collation specification set, each null where it left the locale's default; the
 * values are already checked ({@link CollationParser}).
 */
record CollationOptions(
    Boolean caseLevel,
    String caseFirst,
    Integer strength,
    Boolean numericOrdering,
    String alternate,
    String maxVariable,
    Boolean normalization,
    Boolean backwards) {}
