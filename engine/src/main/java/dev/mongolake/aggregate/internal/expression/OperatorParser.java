package dev.mongolake.aggregate.internal.expression;

import org.bson.BsonValue;

/** Compiles one expression operator from its arguments (the value under its name). */
@FunctionalInterface
public interface OperatorParser {

  /**
   * @param name the operator's name, for messages ({@code $add})
   * @param arguments the value under the name: an array of arguments, one argument, or a document
   *     of named arguments, as the operator defines
   * @param scope the variables visible here
   * @throws dev.mongolake.MongoLakeException with MongoDB's code when the arguments are invalid
   */
  Expression parse(String name, BsonValue arguments, VariableScope scope);
}
