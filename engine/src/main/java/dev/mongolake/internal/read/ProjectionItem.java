package dev.mongolake.internal.read;

/** A projection tree's entry for one field name: a leaf action or a sub-tree for a dotted path. */
sealed interface ProjectionItem permits FieldProjection, ProjectionNode {}
