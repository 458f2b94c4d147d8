package dev.mongolake.aggregate.internal.accumulator;

import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Approximate heap bytes of BSON values, for the memory limit of blocking stages. Close enough to
 * stop a stage long before the heap fills, cheap enough to count every document: object headers and
 * references are estimated, not measured. Public for the stages, which count the documents they
 * hold.
 */
public final class BsonMemory {

  private static final long VALUE = 24;
  private static final long ENTRY = 48;

  private BsonMemory() {}

  /** The approximate heap bytes of {@code value} and everything it holds. */
  public static long of(BsonValue value) {
    return switch (value) {
      case BsonDocument document -> {
        long total = VALUE + 32;
        for (Map.Entry<String, BsonValue> field : document.entrySet()) {
          total += ENTRY + 2L * field.getKey().length() + of(field.getValue());
        }
        yield total;
      }
      case BsonArray array -> {
        long total = VALUE + 16;
        for (BsonValue element : array) {
          total += 8 + of(element);
        }
        yield total;
      }
      default ->
          switch (value.getBsonType()) {
            case STRING -> VALUE + 40 + 2L * value.asString().getValue().length();
            case BINARY -> VALUE + 16 + value.asBinary().getData().length;
            case DECIMAL128, OBJECT_ID, REGULAR_EXPRESSION, JAVASCRIPT -> VALUE + 32;
            default -> VALUE;
          };
    };
  }
}
