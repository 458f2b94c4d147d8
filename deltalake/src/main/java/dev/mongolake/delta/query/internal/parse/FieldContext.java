package dev.mongolake.delta.query.internal.parse;

import org.bson.BsonDocument;

/**
 * What a field operator handler may need besides its operand.
 *
 * @param fieldName the path as written (for messages)
 * @param operatorDocument the whole operator document ({@code $regex} reads {@code $options})
 * @param level where the field is
 * @param parser the parser, for operators that nest filters
 */
public record FieldContext(
    String fieldName, BsonDocument operatorDocument, ParseLevel level, FilterParser parser) {}
