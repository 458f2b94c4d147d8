package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * {@code $rand} (a uniform double in [0, 1), never folded), {@code $binarySize} (a string's UTF-8
 * bytes or a binData's length) and {@code $bsonSize} (a document's encoded size). Refused on
 * purpose: {@code $meta} (no text or search scores), {@code $function} (no server-side JavaScript)
 * and {@code $toHashedIndexKey} (MongoDB's hash is not reproduced).
 */
final class MiscellaneousOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {
    registry.operator("$rand", MiscellaneousOperators::rand);
    registry.function("$binarySize", Arity.exactly(1), MiscellaneousOperators::binarySize);
    registry.function("$bsonSize", Arity.exactly(1), MiscellaneousOperators::bsonSize);
    registry.unsupported("$meta", "text and search scores are not supported");
    registry.unsupported("$function", "server-side JavaScript is not supported");
    registry.unsupported(
        "$toHashedIndexKey", "MongoDB's hashed index key function is not reproduced");
  }

  private static Expression rand(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument document)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_10065, "invalid parameter: expected an object (" + name + ")");
    }
    if (!document.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_3040501, "$rand does not currently accept arguments");
    }
    return new Random();
  }

  /** {@code $rand}: a fresh value on every evaluation. */
  private record Random() implements NonDeterministic {
    @Override
    public BsonValue evaluate(Variables variables) {
      return new BsonDouble(ThreadLocalRandom.current().nextDouble());
    }
  }

  private static BsonValue binarySize(BsonValue[] arguments) {
    BsonValue value = arguments[0];
    if (ExpressionValues.isNullish(value)) {
      return BsonNull.VALUE;
    }
    if (value.isString()) {
      return new BsonInt32(value.asString().getValue().getBytes(StandardCharsets.UTF_8).length);
    }
    if (value.isBinary()) {
      return new BsonInt32(value.asBinary().getData().length);
    }
    throw new MongoLakeException(
        ErrorCode.LOCATION_51276,
        "$binarySize requires a string or BinData argument, found: "
            + TypeOperators.typeName(value));
  }

  private static BsonValue bsonSize(BsonValue[] arguments) {
    BsonValue value = arguments[0];
    if (ExpressionValues.isNullish(value)) {
      return BsonNull.VALUE;
    }
    if (!value.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_31393,
          "$bsonSize requires a document input, found: " + TypeOperators.typeName(value));
    }
    RawBsonDocument encoded = new RawBsonDocument(value.asDocument(), new BsonDocumentCodec());
    return new BsonInt32(encoded.getByteBuffer().remaining());
  }
}
