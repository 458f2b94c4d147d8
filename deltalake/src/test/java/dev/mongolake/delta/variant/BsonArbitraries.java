package dev.mongolake.delta.variant;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDbPointer;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/** jqwik generators of BSON documents covering every BSON type, nesting and awkward values. */
public final class BsonArbitraries {
  private BsonArbitraries() {}

  /** Documents nested up to {@code depth} levels, with up to 8 fields per level. */
  public static Arbitrary<BsonDocument> documents(int depth) {
    return fields(depth)
        .list()
        .ofMaxSize(8)
        .map(
            list -> {
              BsonDocument document = new BsonDocument();
              for (Field field : list) {
                document.put(field.key(), field.value());
              }
              return document;
            });
  }

  private record Field(String key, BsonValue value) {}

  private static Arbitrary<Field> fields(int depth) {
    return Combinators.combine(keys(), values(depth)).as(Field::new);
  }

  /** Keys: plain names, dotted-free, some that look like Extended JSON wrappers. */
  public static Arbitrary<String> keys() {
    return Arbitraries.oneOf(
        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6),
        Arbitraries.of("_id", "$oid", "$date", "$document", "$numberDecimal", "a", "b", "é", "名"),
        Arbitraries.strings().withCharRange((char) 1, (char) 0xD7FF).ofMinLength(1).ofMaxLength(4));
  }

  public static Arbitrary<BsonValue> values(int depth) {
    List<Arbitrary<? extends BsonValue>> choices = new ArrayList<>(scalars());
    if (depth > 0) {
      choices.add(documents(depth - 1));
      choices.add(values(depth - 1).list().ofMaxSize(5).map(BsonArray::new));
      choices.add(
          Combinators.combine(strings(), documents(depth - 1)).as(BsonJavaScriptWithScope::new));
    }
    @SuppressWarnings({"unchecked", "rawtypes"})
    Arbitrary<BsonValue>[] array = choices.toArray(new Arbitrary[0]);
    return Arbitraries.oneOf(List.of(array));
  }

  private static Arbitrary<String> strings() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(10),
        Arbitraries.strings().withCharRange((char) 0, (char) 0xD7FF).ofMaxLength(80),
        Arbitraries.of("", "\u0000", "a\u0000b", "😀", "x".repeat(64)));
  }

  /** BSON stores regex pattern and options as NUL-terminated strings. */
  private static Arbitrary<String> cstrings() {
    return Arbitraries.strings().withCharRange((char) 1, (char) 0xD7FF).ofMaxLength(20);
  }

  private static List<Arbitrary<? extends BsonValue>> scalars() {
    return List.of(
        Arbitraries.doubles().map(BsonDouble::new),
        Arbitraries.of(Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.MIN_VALUE)
            .map(BsonDouble::new),
        strings().map(BsonString::new),
        Arbitraries.integers().map(BsonInt32::new),
        Arbitraries.longs().map(BsonInt64::new),
        Arbitraries.of(0L, 1L, Long.MIN_VALUE, Long.MAX_VALUE).map(BsonInt64::new),
        Arbitraries.of(BsonBoolean.TRUE, BsonBoolean.FALSE, BsonNull.VALUE),
        Arbitraries.longs().map(BsonDateTime::new),
        Arbitraries.longs()
            .between(-100_000_000_000_000L, 100_000_000_000_000L)
            .map(BsonDateTime::new),
        Arbitraries.bytes()
            .array(byte[].class)
            .ofSize(12)
            .map(bytes -> new BsonObjectId(new ObjectId(bytes))),
        binaries(),
        decimals(),
        Combinators.combine(
                Arbitraries.integers().between(-1, Integer.MAX_VALUE), Arbitraries.integers())
            .as(BsonTimestamp::new),
        Combinators.combine(cstrings(), Arbitraries.of("", "i", "imsx", "u"))
            .as(BsonRegularExpression::new),
        strings().map(BsonJavaScript::new),
        strings().map(BsonSymbol::new),
        Combinators.combine(strings(), Arbitraries.bytes().array(byte[].class).ofSize(12))
            .as((ns, id) -> new BsonDbPointer(ns, new ObjectId(id))),
        Arbitraries.of(new BsonMinKey(), new BsonMaxKey(), new BsonUndefined()));
  }

  private static Arbitrary<BsonBinary> binaries() {
    return Combinators.combine(
            Arbitraries.of((byte) 0, (byte) 1, (byte) 3, (byte) 4, (byte) 5, (byte) 0x80),
            Arbitraries.oneOf(
                Arbitraries.bytes().array(byte[].class).ofMaxSize(40),
                Arbitraries.bytes().array(byte[].class).ofSize(16)))
        .as(BsonBinary::new);
  }

  private static Arbitrary<BsonDecimal128> decimals() {
    return Arbitraries.oneOf(
        Combinators.combine(
                Arbitraries.bigIntegers()
                    .between(
                        new java.math.BigInteger("-9999999999999999999999999999999999"),
                        new java.math.BigInteger("9999999999999999999999999999999999")),
                Arbitraries.integers().between(-50, 50))
            .as((unscaled, scale) -> new Decimal128(new BigDecimal(unscaled, scale)))
            .map(BsonDecimal128::new),
        Arbitraries.of("NaN", "-NaN", "Infinity", "-Infinity", "-0", "0E+300", "-0.00", "1E-6176")
            .map(Decimal128::parse)
            .map(BsonDecimal128::new),
        Combinators.combine(Arbitraries.longs(), Arbitraries.longs())
            .as(Decimal128::fromIEEE754BIDEncoding)
            .map(BsonDecimal128::new));
  }
}
