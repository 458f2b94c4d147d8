package dev.mongolake.delta.query;

import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.ast.SchemaPredicate;
import dev.mongolake.delta.query.internal.schema.SchemaParser;
import dev.mongolake.delta.query.internal.schema.Subschema;
import java.util.Objects;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A {@code $jsonSchema} operand as MongoDB implements it: JSON Schema draft 4 without {@code $ref},
 * {@code $schema}, {@code default}, {@code definitions}, {@code format} and {@code id} (refused
 * with FailedToParse, as MongoDB does), plus {@code bsonType}. Keywords: {@code bsonType}, {@code
 * type} (JSON types; {@code integer} refused), {@code required}, {@code properties}, {@code
 * patternProperties}, {@code additionalProperties}, {@code minProperties}, {@code maxProperties},
 * {@code dependencies}, {@code enum}, {@code minimum}, {@code maximum}, {@code exclusiveMinimum},
 * {@code exclusiveMaximum}, {@code multipleOf}, {@code minLength}, {@code maxLength}, {@code
 * pattern}, {@code items}, {@code additionalItems}, {@code minItems}, {@code maxItems}, {@code
 * uniqueItems}, {@code allOf}, {@code anyOf}, {@code oneOf}, {@code not}, {@code title}, {@code
 * description}. MongoDB's encryption keywords ({@code encrypt}, {@code encryptMetadata}) are
 * refused with NotImplemented.
 *
 * <p>Semantics follow MongoDB's: a keyword restricting one type (numbers, strings, arrays, objects)
 * holds for values of other types; arrays are not traversed; property names are field names.
 * Immutable and thread-safe.
 */
public final class JsonSchema implements SchemaPredicate {
  private final BsonDocument source;
  private final Subschema root;

  private JsonSchema(BsonDocument source, Subschema root) {
    this.source = source;
    this.root = root;
  }

  /**
   * Parses the operand of {@code $jsonSchema}.
   *
   * @throws QueryException TypeMismatch when it is not an object; MongoDB's code and message for an
   *     invalid schema
   */
  public static JsonSchema parse(BsonValue operand) {
    Objects.requireNonNull(operand, "operand");
    if (!operand.isDocument()) {
      throw new QueryException(QueryErrorCode.TYPE_MISMATCH, "$jsonSchema must be an object");
    }
    BsonDocument copy = operand.asDocument().clone();
    return new JsonSchema(copy, SchemaParser.parse(copy));
  }

  /** Whether {@code document} satisfies the schema. */
  public boolean matches(BsonDocument document) {
    return root.matches(Objects.requireNonNull(document, "document"));
  }

  /**
   * Why {@code document}, which the schema does not match, fails it, as MongoDB's document
   * validation error details say: {@code {operatorName: "$jsonSchema", title?, description?,
   * schemaRulesNotSatisfied: [...]}}, one entry per failing keyword ({@code required} with its
   * {@code missingProperties}, {@code properties} with {@code propertiesNotSatisfied}, {@code
   * bsonType} with {@code consideredValue} and {@code consideredType}, ...).
   */
  public BsonDocument explainFailure(BsonDocument document) {
    BsonDocument details = new BsonDocument("operatorName", new BsonString("$jsonSchema"));
    return root.annotate(details).append("schemaRulesNotSatisfied", root.explain(document));
  }

  /** A copy of the schema as written. */
  public BsonDocument source() {
    return source.clone();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof JsonSchema schema && schema.source.equals(source);
  }

  @Override
  public int hashCode() {
    return source.hashCode();
  }

  @Override
  public String toString() {
    return "JsonSchema" + source.toJson();
  }
}
