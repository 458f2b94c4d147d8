package dev.mongolake.server.wire;

import java.util.Optional;

/** Message types of the MongoDB wire protocol that this server reads or writes. */
public enum OpCode {
  OP_REPLY(1),
  OP_QUERY(2004),
  OP_GET_MORE(2005),
  OP_KILL_CURSORS(2007),
  OP_COMPRESSED(2012),
  OP_MSG(2013);

  private final int code;

  OpCode(int code) {
    this.code = code;
  }

  /** The numeric opcode on the wire. */
  public int code() {
    return code;
  }

  /** The opcode with this number, or empty for an opcode this server does not know. */
  public static Optional<OpCode> of(int code) {
    for (OpCode opCode : values()) {
      if (opCode.code == code) {
        return Optional.of(opCode);
      }
    }
    return Optional.empty();
  }
}
