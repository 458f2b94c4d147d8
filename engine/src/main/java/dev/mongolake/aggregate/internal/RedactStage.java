package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.internal.read.ValueText;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $redact: <expr>}: the expression decides, for the document and then for each sub-document
 * it descends into ({@code $$CURRENT} bound to it, {@code $$ROOT} staying the whole document),
 * whether to keep it whole ({@code $$KEEP}), drop it ({@code $$PRUNE}) or keep its fields,
 * redacting the sub-documents among them and those inside arrays ({@code $$DESCEND}). Any other
 * answer fails with 17053. As in MongoDB the answers compare by value, so the strings {@code
 * "keep"}, {@code "prune"} and {@code "descend"} act as the variables do.
 *
 * @param specification the expression as written
 * @param expression the parsed expression
 * @param currentSlot the slot of {@code $$CURRENT} in the command's scope
 */
record RedactStage(BsonValue specification, Expression expression, int currentSlot)
    implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    return new RedactStage(
        specification,
        ExpressionParser.parse(specification, context.scope()),
        context.scope().currentSlot());
  }

  @Override
  public String name() {
    return "$redact";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    Variables variables = context.newVariables();
    return new Iterator<>() {
      private BsonDocument next;

      @Override
      public boolean hasNext() {
        while (next == null && input.hasNext()) {
          BsonDocument document = input.next();
          variables.setDocument(document);
          next = redact(document, variables);
        }
        return next != null;
      }

      @Override
      public BsonDocument next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        BsonDocument out = next;
        next = null;
        return out;
      }
    };
  }

  /** The redacted {@code document}, or null when it is pruned. */
  private BsonDocument redact(BsonDocument document, Variables variables) {
    variables.set(currentSlot, document);
    BsonValue answer = expression.evaluate(variables);
    if (ExpressionParser.KEEP.equals(answer)) {
      return document;
    }
    if (ExpressionParser.PRUNE.equals(answer)) {
      return null;
    }
    if (!ExpressionParser.DESCEND.equals(answer)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_17053,
          "$redact's expression should not return anything aside from the variables $$KEEP,"
              + " $$DESCEND, and $$PRUNE, but returned "
              + ValueText.value(answer));
    }
    BsonDocument out = new BsonDocument();
    for (Map.Entry<String, BsonValue> field : document.entrySet()) {
      BsonValue value = redactValue(field.getValue(), variables);
      if (value != null) {
        out.put(field.getKey(), value);
      }
    }
    return out;
  }

  private BsonValue redactValue(BsonValue value, Variables variables) {
    if (value instanceof BsonDocument document) {
      return redact(document, variables);
    }
    if (value instanceof BsonArray array) {
      BsonArray out = new BsonArray();
      for (BsonValue element : array) {
        BsonValue redacted = redactValue(element, variables);
        if (redacted != null) {
          out.add(redacted);
        }
      }
      return out;
    }
    return value;
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    // It returns (parts of) every sub-document it keeps.
    dependencies.addWholeDocument();
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
