package dev.mongolake.server.wire;

/** A decoded request or reply. */
public sealed interface WireMessage permits OpMsg, OpQuery, OpReply {}
