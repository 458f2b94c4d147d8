package dev.mongolake.delta.query.internal;

import dev.mongolake.delta.query.ast.AllOfPredicate;
import dev.mongolake.delta.query.ast.AndNode;
import dev.mongolake.delta.query.ast.ElemMatchDocumentPredicate;
import dev.mongolake.delta.query.ast.ElemMatchValuePredicate;
import dev.mongolake.delta.query.ast.FieldNode;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.ast.JsonSchemaNode;
import dev.mongolake.delta.query.ast.NorNode;
import dev.mongolake.delta.query.ast.NotPredicate;
import dev.mongolake.delta.query.ast.OrNode;

/** Whether a parsed filter holds a {@code $jsonSchema}, at any depth. */
public final class SchemaUse {
  private SchemaUse() {}

  public static boolean in(FilterNode node) {
    return switch (node) {
      case JsonSchemaNode schema -> true;
      case AndNode and -> and.children().stream().anyMatch(SchemaUse::in);
      case OrNode or -> or.children().stream().anyMatch(SchemaUse::in);
      case NorNode nor -> nor.children().stream().anyMatch(SchemaUse::in);
      case FieldNode field -> in(field.predicate());
      default -> false;
    };
  }

  private static boolean in(FieldPredicate predicate) {
    return switch (predicate) {
      case ElemMatchDocumentPredicate elemMatch -> in(elemMatch.filter());
      case ElemMatchValuePredicate elemMatch -> in(elemMatch.predicate());
      case NotPredicate not -> in(not.inner());
      case AllOfPredicate all -> all.predicates().stream().anyMatch(SchemaUse::in);
      default -> false;
    };
  }
}
