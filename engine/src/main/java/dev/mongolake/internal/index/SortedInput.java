package dev.mongolake.internal.index;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.function.Function;

/**
 * A read-once view of a list already sorted by {@code comparator} as a {@link SortedMap}, only for
 * handing to the copy constructor of {@link java.util.concurrent.ConcurrentSkipListMap} and to
 * {@link java.util.TreeMap#putAll} of an empty map: both then build from sorted input in linear
 * time instead of searching once per entry. Only {@link #comparator()}, {@link #size()} and
 * iteration of {@link #entrySet()} are supported.
 */
final class SortedInput<T, K, V> extends AbstractMap<K, V> implements SortedMap<K, V> {

  private final Comparator<? super K> comparator;
  private final List<T> items;
  private final Function<T, K> key;
  private final Function<T, V> value;

  SortedInput(
      Comparator<? super K> comparator, List<T> items, Function<T, K> key, Function<T, V> value) {
    this.comparator = comparator;
    this.items = items;
    this.key = key;
    this.value = value;
  }

  @Override
  public Comparator<? super K> comparator() {
    return comparator;
  }

  @Override
  public int size() {
    return items.size();
  }

  @Override
  public Set<Map.Entry<K, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<K, V>> iterator() {
        Iterator<T> source = items.iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return source.hasNext();
          }

          @Override
          public Map.Entry<K, V> next() {
            T item = source.next();
            return new SimpleImmutableEntry<>(key.apply(item), value.apply(item));
          }
        };
      }

      @Override
      public int size() {
        return items.size();
      }
    };
  }

  @Override
  public SortedMap<K, V> subMap(K fromKey, K toKey) {
    throw new UnsupportedOperationException();
  }

  @Override
  public SortedMap<K, V> headMap(K toKey) {
    throw new UnsupportedOperationException();
  }

  @Override
  public SortedMap<K, V> tailMap(K fromKey) {
    throw new UnsupportedOperationException();
  }

  @Override
  public K firstKey() {
    throw new UnsupportedOperationException();
  }

  @Override
  public K lastKey() {
    throw new UnsupportedOperationException();
  }
}
