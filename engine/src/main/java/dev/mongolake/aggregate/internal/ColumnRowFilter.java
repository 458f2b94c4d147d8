package dev.mongolake.aggregate.internal;

import dev.mongolake.delta.parquet.ColumnBatch;
import dev.mongolake.delta.query.ast.AndNode;
import dev.mongolake.delta.query.ast.ConstantNode;
import dev.mongolake.delta.query.ast.FieldNode;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.ast.NorNode;
import dev.mongolake.delta.query.ast.OrNode;
import dev.mongolake.delta.query.ast.PathValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonValue;

/**
 * A query filter evaluated on the rows of column batches, with the same answer the filter gives on
 * the rows' documents: each field condition sees what its path resolves to in the document, which
 * for an exact column is the column's value, or missing where it is null (exact columns never cross
 * an array). Only filters made of {@code $and}/{@code $or}/{@code $nor}, constants and conditions
 * on {@code _id} or on the batch's columns compile; {@code $expr} and other paths do not.
 */
abstract sealed class ColumnRowFilter {
  private static final PathValues MISSING = new PathValues(List.of(), true);

  /** Whether the row matches. */
  abstract boolean matches(ColumnBatch batch, int row);

  /** The columns (dotted paths other than {@code _id}) the filter reads. */
  static Set<String> columnsOf(FilterNode node) {
    Set<String> out = new java.util.TreeSet<>();
    collect(node, out);
    return out;
  }

  /** Whether the filter reads {@code _id}. */
  static boolean readsId(FilterNode node) {
    return switch (node) {
      case AndNode and -> and.children().stream().anyMatch(ColumnRowFilter::readsId);
      case OrNode or -> or.children().stream().anyMatch(ColumnRowFilter::readsId);
      case NorNode nor -> nor.children().stream().anyMatch(ColumnRowFilter::readsId);
      case FieldNode field -> field.path().dotted().equals("_id");
      default -> false;
    };
  }

  private static void collect(FilterNode node, Set<String> out) {
    switch (node) {
      case AndNode and -> and.children().forEach(child -> collect(child, out));
      case OrNode or -> or.children().forEach(child -> collect(child, out));
      case NorNode nor -> nor.children().forEach(child -> collect(child, out));
      case FieldNode field -> {
        if (!field.path().dotted().equals("_id")) {
          out.add(field.path().dotted());
        }
      }
      default -> {}
    }
  }

  /**
   * The filter compiled against a batch holding {@code columns}, or empty when it reads something
   * else (a path inside {@code _id}, an {@code $expr}, ...).
   */
  static Optional<ColumnRowFilter> compile(FilterNode node, List<String> columns) {
    return switch (node) {
      case AndNode and -> children(and.children(), columns).map(All::new);
      case OrNode or -> children(or.children(), columns).map(Any::new);
      case NorNode nor -> children(nor.children(), columns).map(None::new);
      case ConstantNode constant -> Optional.of(new Always(constant.value()));
      case FieldNode field -> {
        String path = field.path().dotted();
        int column = path.equals("_id") ? -1 : columns.indexOf(path);
        yield column == -1 && !path.equals("_id")
            ? Optional.empty()
            : Optional.of(new Condition(column, field.predicate()));
      }
      default -> Optional.empty();
    };
  }

  private static Optional<ColumnRowFilter[]> children(
      List<FilterNode> nodes, List<String> columns) {
    List<ColumnRowFilter> out = new ArrayList<>(nodes.size());
    for (FilterNode child : nodes) {
      Optional<ColumnRowFilter> compiled = compile(child, columns);
      if (compiled.isEmpty()) {
        return Optional.empty();
      }
      out.add(compiled.get());
    }
    return Optional.of(out.toArray(ColumnRowFilter[]::new));
  }

  private static final class All extends ColumnRowFilter {
    private final ColumnRowFilter[] children;

    All(ColumnRowFilter[] children) {
      this.children = children;
    }

    @Override
    boolean matches(ColumnBatch batch, int row) {
      for (ColumnRowFilter child : children) {
        if (!child.matches(batch, row)) {
          return false;
        }
      }
      return true;
    }
  }

  private static final class Any extends ColumnRowFilter {
    private final ColumnRowFilter[] children;

    Any(ColumnRowFilter[] children) {
      this.children = children;
    }

    @Override
    boolean matches(ColumnBatch batch, int row) {
      for (ColumnRowFilter child : children) {
        if (child.matches(batch, row)) {
          return true;
        }
      }
      return false;
    }
  }

  private static final class None extends ColumnRowFilter {
    private final ColumnRowFilter[] children;

    None(ColumnRowFilter[] children) {
      this.children = children;
    }

    @Override
    boolean matches(ColumnBatch batch, int row) {
      for (ColumnRowFilter child : children) {
        if (child.matches(batch, row)) {
          return false;
        }
      }
      return true;
    }
  }

  private static final class Always extends ColumnRowFilter {
    private final boolean value;

    Always(boolean value) {
      this.value = value;
    }

    @Override
    boolean matches(ColumnBatch batch, int row) {
      return value;
    }
  }

  /**
   * One field condition. Its answer for a value shared by many rows (a dictionary string) is kept:
   * the last value seen, compared by identity, is the common case of a run of equal strings.
   */
  private static final class Condition extends ColumnRowFilter {
    private final int column;
    private final FieldPredicate predicate;
    private BsonValue lastValue;
    private boolean lastAnswer;

    /**
     * @param column the batch column, or -1 for {@code _id}
     */
    Condition(int column, FieldPredicate predicate) {
      this.column = column;
      this.predicate = predicate;
    }

    @Override
    boolean matches(ColumnBatch batch, int row) {
      BsonValue value = column == -1 ? batch.ids()[row] : batch.value(column, row);
      if (value == null) {
        return predicate.matches(MISSING);
      }
      if (value != lastValue) {
        lastAnswer = predicate.matches(PathValues.single(value));
        lastValue = value;
      }
      return lastAnswer;
    }
  }
}
