package dev.mongolake.examples.kv;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One change to the store, as it is written to the log: a PUT of a value under a key, or a DELETE
 * of a key. Encoded as one op byte, then each string as a 4-byte length and its UTF-8 bytes.
 */
public sealed interface KvCommand {

  /** Sets {@code key} to {@code value}. */
  record Put(String key, String value) implements KvCommand {
    /** Rejects null parts. */
    public Put {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(value, "value");
    }
  }

  /** Removes {@code key} (a no-op when absent). */
  record Delete(String key) implements KvCommand {
    /** Rejects a null key. */
    public Delete {
      Objects.requireNonNull(key, "key");
    }
  }

  /** The log record for this command. */
  default byte[] encode() {
    return switch (this) {
      case Put(String key, String value) -> encode(PUT, key, value);
      case Delete(String key) -> encode(DELETE, key);
    };
  }

  /**
   * The command a log record holds.
   *
   * @throws IllegalArgumentException when the record is not a command this store wrote
   */
  static KvCommand decode(byte[] record) {
    ByteBuffer in = ByteBuffer.wrap(record);
    try {
      byte op = in.get();
      KvCommand command =
          switch (op) {
            case PUT -> new Put(string(in), string(in));
            case DELETE -> new Delete(string(in));
            default ->
                throw new IllegalArgumentException(
                    "Cannot decode a store command: unknown op " + op);
          };
      if (in.hasRemaining()) {
        throw new IllegalArgumentException(
            "Cannot decode a store command: " + in.remaining() + " trailing bytes");
      }
      return command;
    } catch (RuntimeException e) {
      if (e instanceof IllegalArgumentException) {
        throw e;
      }
      throw new IllegalArgumentException(
          "Cannot decode a store command: record of " + record.length + " bytes is malformed", e);
    }
  }

  /** Op byte of a PUT. */
  byte PUT = 1;

  /** Op byte of a DELETE. */
  byte DELETE = 2;

  private static byte[] encode(byte op, String... parts) {
    byte[][] encoded = new byte[parts.length][];
    int size = 1;
    for (int i = 0; i < parts.length; i++) {
      encoded[i] = parts[i].getBytes(StandardCharsets.UTF_8);
      size += 4 + encoded[i].length;
    }
    ByteBuffer out = ByteBuffer.allocate(size).put(op);
    for (byte[] part : encoded) {
      out.putInt(part.length).put(part);
    }
    return out.array();
  }

  private static String string(ByteBuffer in) {
    byte[] bytes = new byte[in.getInt()];
    in.get(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
