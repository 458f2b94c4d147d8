package dev.mongolake.aggregate.internal.expression;

/**
 * The array operators: positions ({@code $arrayElemAt}, {@code $first}, {@code $last}, {@code
 * $slice}), the array as a whole ({@code $size}, {@code $isArray}, {@code $concatArrays}, {@code
 * $reverseArray}), search ({@code $in}, {@code $indexOfArray}), construction ({@code $range},
 * {@code $zip}), ordering ({@code $sortArray}, {@code $firstN}, {@code $lastN}, {@code $maxN},
 * {@code $minN}) and the operators with a per-element body ({@code $map}, {@code $filter}, {@code
 * $reduce}). Each group lives in its own class; this family only registers them.
 */
final class ArrayOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {
    ArrayElements.register(registry);
    ArrayShape.register(registry);
    ArraySearch.register(registry);
    ArrayRange.register(registry);
    ArrayZip.register(registry);
    ArraySorting.register(registry);
    ArrayTakeN.register(registry);
    ArrayHigherOrder.register(registry);
  }
}
