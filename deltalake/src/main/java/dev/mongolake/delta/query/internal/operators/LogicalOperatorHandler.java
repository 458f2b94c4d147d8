package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.AndNode;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.ast.NorNode;
import dev.mongolake.delta.query.ast.OrNode;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.delta.query.internal.parse.ParseLevel;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import dev.mongolake.delta.query.internal.parse.TopLevelOperatorHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.bson.BsonValue;

/** {@code $and $or $nor}: a non-empty array of filter documents, parsed at the same level. */
final class LogicalOperatorHandler implements TopLevelOperatorHandler {
  private final Function<List<FilterNode>, FilterNode> combine;

  private LogicalOperatorHandler(Function<List<FilterNode>, FilterNode> combine) {
    this.combine = combine;
  }

  static LogicalOperatorHandler and() {
    return new LogicalOperatorHandler(AndNode::new);
  }

  static LogicalOperatorHandler or() {
    return new LogicalOperatorHandler(OrNode::new);
  }

  static LogicalOperatorHandler nor() {
    return new LogicalOperatorHandler(NorNode::new);
  }

  @Override
  public Optional<FilterNode> parse(
      String operatorName, BsonValue operand, ParseLevel level, FilterParser parser) {
    if (!operand.isArray() || operand.asArray().isEmpty()) {
      throw QueryErrors.badValue("$and/$or/$nor must be a nonempty array");
    }
    List<FilterNode> children = new ArrayList<>(operand.asArray().size());
    for (BsonValue entry : operand.asArray()) {
      if (!entry.isDocument()) {
        throw QueryErrors.badValue("$or/$and/$nor entries need to be full objects");
      }
      children.add(parser.parseDocument(entry.asDocument(), level));
    }
    return Optional.of(combine.apply(children));
  }
}
