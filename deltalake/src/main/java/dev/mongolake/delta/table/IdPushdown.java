package dev.mongolake.delta.table;

import dev.mongolake.delta.parquet.DocumentFileLayout;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.internal.SortableIdKey;
import dev.mongolake.delta.query.ast.AllOfPredicate;
import dev.mongolake.delta.query.ast.AndNode;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import dev.mongolake.delta.query.ast.ComparisonPredicate;
import dev.mongolake.delta.query.ast.FieldNode;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.ast.InPredicate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.io.api.Binary;
import org.bson.BsonValue;

/**
 * The Parquet predicate for {@code _id} equality and {@code $in} that are conjuncts of a filter (at
 * the top level or under {@code $and}): {@code _id = v1 OR _id = v2 ...} on the {@code _id} column,
 * which the row-group statistics and the {@code _id} bloom filter can decide.
 *
 * <p>This is kept apart from the promoted-column pushdown because {@code _id} is required: a
 * promoted column's predicate must also keep null rows ({@code OR _id IS NULL}), and a bloom filter
 * cannot rule out nulls, so such a predicate would never skip a row group by its bloom filter.
 *
 * <p>Each value is pushed only when every {@code _id} equal to it in MongoDB's sense has the same
 * stored form; otherwise the conjunct is not pushed at all (the residual filter still decides):
 * Decimal128 values, Int64 values a double cannot hold (their key differs from an equal
 * Decimal128's), documents (compared field by field with numeric equality, stored as bytes), null,
 * regular expressions and MinKey/MaxKey. A value that cannot equal any stored {@code _id} (a string
 * for a table of ObjectIds) is dropped from the disjunction.
 */
final class IdPushdown {
  private static final String ID = DocumentFileLayout.ID_COLUMN;

  private IdPushdown() {}

  static Optional<FilterPredicate> of(FilterNode root, IdEncoding encoding) {
    List<FilterPredicate> conjuncts = new ArrayList<>();
    collect(root, encoding, conjuncts);
    return conjuncts.stream().reduce(FilterApi::and);
  }

  private static void collect(FilterNode node, IdEncoding encoding, List<FilterPredicate> out) {
    switch (node) {
      case AndNode and -> and.children().forEach(child -> collect(child, encoding, out));
      case FieldNode field when field.path().dotted().equals(ID) ->
          fieldPredicate(field.predicate(), encoding).ifPresent(out::add);
      default -> {}
    }
  }

  private static Optional<FilterPredicate> fieldPredicate(
      FieldPredicate predicate, IdEncoding encoding) {
    return switch (predicate) {
      // Stored ids are matched by their bytes; a collation equates strings with other bytes.
      case ComparisonPredicate comparison when comparison.collates() -> Optional.empty();
      case InPredicate in when in.collates() -> Optional.empty();
      case ComparisonPredicate comparison when comparison.operator() == ComparisonOperator.EQ ->
          anyOf(List.of(comparison.operand()), encoding);
      case ComparisonPredicate comparison ->
          range(comparison.operator(), comparison.operand(), encoding);
      case InPredicate in when in.regexes().isEmpty() -> anyOf(in.values(), encoding);
      case AllOfPredicate allOf ->
          allOf.predicates().stream()
              .map(child -> fieldPredicate(child, encoding))
              .flatMap(Optional::stream)
              .reduce(FilterApi::and);
      default -> Optional.empty();
    };
  }

  /**
   * A bound on the stored {@code _id} for {@code $gt/$gte/$lt/$lte} on an ObjectId, whose stored
   * forms (hex text, the sortable key) order as its bytes do, as MongoDB orders ObjectIds. Type
   * bracketing limits such a comparison to ObjectIds, so the bound keeps every match (the residual
   * filter drops the rest). Strings are not pushed: their stored UTF-8 order and the in-memory
   * comparison can disagree on characters outside the Basic Multilingual Plane.
   */
  private static Optional<FilterPredicate> range(
      ComparisonOperator operator, BsonValue operand, IdEncoding encoding) {
    if (!operand.isObjectId()) {
      return Optional.empty();
    }
    Binary bound =
        switch (encoding) {
          case OBJECT_ID -> Binary.fromString(operand.asObjectId().getValue().toHexString());
          case KEY -> Binary.fromConstantByteArray(SortableIdKey.of(operand));
          case STRING, INT32, INT64 -> null;
        };
    if (bound == null) {
      return Optional.empty();
    }
    Operators.BinaryColumn column = FilterApi.binaryColumn(ID);
    return Optional.of(
        switch (operator) {
          case GT -> FilterApi.gt(column, bound);
          case GTE -> FilterApi.gtEq(column, bound);
          case LT -> FilterApi.lt(column, bound);
          case LTE -> FilterApi.ltEq(column, bound);
          case EQ -> throw new IllegalArgumentException("Not a range: " + operator);
        });
  }

  private static Optional<FilterPredicate> anyOf(List<BsonValue> values, IdEncoding encoding) {
    List<FilterPredicate> equalities = new ArrayList<>();
    for (BsonValue value : values) {
      Stored stored = stored(value, encoding);
      if (stored == UNPUSHABLE) {
        return Optional.empty();
      }
      if (stored != NO_MATCH) {
        equalities.add(stored.equality());
      }
    }
    // An empty list means no _id of this table can match; the statistics prune such files.
    return equalities.stream().reduce(FilterApi::or);
  }

  /**
   * {@code id} as the {@code _id} column stores it under {@code encoding} (a {@code Binary}, {@code
   * Integer} or {@code Long}), for probing files' bloom filters; empty when it cannot be pushed
   * (its equal ids may be stored otherwise) or no stored id can equal it.
   */
  static Optional<Comparable<?>> storedEquality(BsonValue id, IdEncoding encoding) {
    Stored stored = stored(id, encoding);
    if (stored == UNPUSHABLE || stored == NO_MATCH) {
      return Optional.empty();
    }
    return Optional.of(((Operators.Eq<?>) stored.equality()).getValue());
  }

  /**
   * The equality on the stored form of a value; the two sentinels (compared by identity) mark a
   * value that cannot be pushed and one that no stored {@code _id} can equal.
   */
  private record Stored(FilterPredicate equality) {}

  private static final Stored UNPUSHABLE = new Stored(null);
  private static final Stored NO_MATCH = new Stored(null);

  private static Stored stored(BsonValue value, IdEncoding encoding) {
    return switch (encoding) {
      case KEY -> key(value);
      case OBJECT_ID ->
          value.isObjectId()
              ? binary(Binary.fromString(value.asObjectId().getValue().toHexString()))
              : NO_MATCH;
      case STRING ->
          switch (value.getBsonType()) {
            case STRING -> binary(Binary.fromString(value.asString().getValue()));
            case SYMBOL -> UNPUSHABLE;
            default -> NO_MATCH;
          };
      case INT32 -> integral(value, Integer.MIN_VALUE, Integer.MAX_VALUE, true);
      case INT64 -> integral(value, Long.MIN_VALUE, Long.MAX_VALUE, false);
    };
  }

  private static Stored key(BsonValue value) {
    boolean pushable =
        switch (value.getBsonType()) {
          case OBJECT_ID, STRING, INT32, DOUBLE, BOOLEAN, DATE_TIME, BINARY, TIMESTAMP -> true;
          case INT64 -> {
            long v = value.asInt64().getValue();
            yield v != Long.MAX_VALUE && (long) (double) v == v;
          }
          default -> false;
        };
    return pushable ? binary(Binary.fromConstantByteArray(SortableIdKey.of(value))) : UNPUSHABLE;
  }

  private static Stored integral(BsonValue value, long min, long max, boolean int32) {
    if (value.isDecimal128()) {
      return UNPUSHABLE;
    }
    Long exact =
        switch (value.getBsonType()) {
          case INT32 -> (long) value.asInt32().getValue();
          case INT64 -> value.asInt64().getValue();
          case DOUBLE -> {
            double d = value.asDouble().getValue();
            yield d == Math.rint(d) && d >= -0x1p63 && d < 0x1p63 ? (long) d : null;
          }
          default -> null;
        };
    if (exact == null || exact < min || exact > max) {
      return NO_MATCH;
    }
    return new Stored(
        int32
            ? FilterApi.eq(FilterApi.intColumn(ID), (int) (long) exact)
            : FilterApi.eq(FilterApi.longColumn(ID), exact));
  }

  private static Stored binary(Binary value) {
    return new Stored(FilterApi.eq(FilterApi.binaryColumn(ID), value));
  }
}
