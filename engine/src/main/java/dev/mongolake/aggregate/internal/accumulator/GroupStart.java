package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.Expression;
import java.util.function.Function;
import org.bson.BsonValue;

/**
 * How an accumulator whose {@code n} reads the group key starts a group: MongoDB evaluates {@code
 * n} once per group against the group's {@code _id} when that is a document (against an empty
 * document otherwise), as in {@code $topN: {n: {$cond: [{$eq: ["$gameId", "G2"]}, 1, 3]}, ...}}
 * under {@code _id: {gameId: "$gameId"}}.
 *
 * @param n the {@code n} expression
 * @param start makes the group's state from the value of {@code n} (which it validates)
 */
public record GroupStart(Expression n, Function<BsonValue, Accumulator> start) {}
