package dev.mongolake.internal.engine;

import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.update.PositionalMatch;
import dev.mongolake.update.Replacement;
import dev.mongolake.update.Update;
import dev.mongolake.update.UpdateContext;
import dev.mongolake.update.UpdateOptions;
import dev.mongolake.update.UpdateResult;
import java.util.List;
import java.util.function.BiFunction;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What an update statement does to one document: a replacement, or an operator or pipeline update
 * (which, when it uses the positional {@code $}, gets the array position the filter matched in that
 * document).
 *
 * @param replacement whether the statement replaces whole documents (logged as replacements)
 */
record DocumentChange(
    boolean replacement, BiFunction<BsonDocument, UpdateContext, UpdateResult> change) {

  /** The change {@code update} makes to the documents {@code filter} matches. */
  static DocumentChange of(
      BsonDocument filter,
      BsonValue update,
      List<BsonDocument> arrayFilters,
      AggregationEnvironment environment) {
    if (update.isDocument() && Update.isReplacement(update.asDocument())) {
      return new DocumentChange(true, Replacement.parse(update.asDocument())::apply);
    }
    // The operators that compare ($addToSet, $pull, array filters, ...) follow the command's
    // collation, which its environment carries.
    Update parsed =
        Update.parse(
            update,
            UpdateOptions.withArrayFilters(arrayFilters).withCollation(environment.collation()),
            environment);
    if (!parsed.usesPositionalOperator()) {
      return new DocumentChange(false, parsed::apply);
    }
    PositionalMatch positional = PositionalMatch.forFilter(filter, environment.collation());
    return new DocumentChange(
        false,
        (document, context) -> {
          UpdateContext withPosition = context;
          if (!context.upsertInsert()) {
            var position = positional.find(document);
            if (position.isPresent()) {
              withPosition = context.withPositionalMatch(position.getAsInt());
            }
          }
          return parsed.apply(document, withPosition);
        });
  }

  UpdateResult apply(BsonDocument document, UpdateContext context) {
    return change.apply(document, context);
  }
}
