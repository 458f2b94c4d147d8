/**
 * {@code $jsonSchema}: MongoDB's JSON Schema (draft 4 plus {@code bsonType}). {@link
 * dev.mongolake.delta.query.internal.schema.SchemaParser} turns a schema document into a {@link
 * dev.mongolake.delta.query.internal.schema.Subschema}, a list of {@link
 * dev.mongolake.delta.query.internal.schema.SchemaKeyword}s (one class per keyword or small family)
 * that each match a value and, when they do not, describe why in MongoDB's document validation
 * error shape ({@code schemaRulesNotSatisfied}).
 */
package dev.mongolake.delta.query.internal.schema;
