package dev.mongolake.aggregate.internal;

import java.util.Iterator;
import java.util.function.UnaryOperator;
import org.bson.BsonDocument;

/** The documents of {@code input}, each transformed by {@code transform} as it is pulled. */
final class MappingIterator implements Iterator<BsonDocument> {

  private final Iterator<BsonDocument> input;
  private final UnaryOperator<BsonDocument> transform;

  MappingIterator(Iterator<BsonDocument> input, UnaryOperator<BsonDocument> transform) {
    this.input = input;
    this.transform = transform;
  }

  @Override
  public boolean hasNext() {
    return input.hasNext();
  }

  @Override
  public BsonDocument next() {
    return transform.apply(input.next());
  }
}
