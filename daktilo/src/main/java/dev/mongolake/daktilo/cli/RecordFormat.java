package dev.mongolake.daktilo.cli;

import dev.mongolake.daktilo.LogEntry;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * How {@code dump} and {@code tail} print a record: one line {@code SEQUENCE<TAB>PAYLOAD} with the
 * payload as text (UTF-8, control characters escaped, non-UTF-8 payloads as {@code 0x...}), or a
 * header line plus a hex dump of 16 bytes a line.
 */
enum RecordFormat {
  TEXT {
    @Override
    void print(LogEntry entry, PrintWriter out) {
      out.println(entry.sequence() + "\t" + text(entry.payload()));
    }
  },
  HEX {
    @Override
    void print(LogEntry entry, PrintWriter out) {
      byte[] payload = entry.payload();
      out.println(entry.sequence() + "\t" + payload.length + " bytes");
      for (int row = 0; row < payload.length; row += BYTES_PER_ROW) {
        StringBuilder hex = new StringBuilder();
        StringBuilder ascii = new StringBuilder();
        for (int i = row; i < row + BYTES_PER_ROW; i++) {
          if (i < payload.length) {
            int b = payload[i] & 0xFF;
            hex.append(String.format("%02x ", b));
            ascii.append(b >= 0x20 && b < 0x7F ? (char) b : '.');
          } else {
            hex.append("   ");
          }
        }
        out.printf("  %08x  %s |%s|%n", row, hex, ascii);
      }
    }
  };

  private static final int BYTES_PER_ROW = 16;

  /** Prints one record. */
  abstract void print(LogEntry entry, PrintWriter out);

  /** The payload as readable text: UTF-8 with control characters escaped, else hex. */
  static String text(byte[] payload) {
    String decoded;
    try {
      decoded =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(payload))
              .toString();
    } catch (CharacterCodingException e) {
      StringBuilder hex = new StringBuilder("0x");
      for (byte b : payload) {
        hex.append(String.format("%02x", b & 0xFF));
      }
      return hex.toString();
    }
    StringBuilder escaped = new StringBuilder(decoded.length());
    for (int i = 0; i < decoded.length(); i++) {
      char c = decoded.charAt(i);
      switch (c) {
        case '\n' -> escaped.append("\\n");
        case '\r' -> escaped.append("\\r");
        case '\t' -> escaped.append("\\t");
        case '\\' -> escaped.append("\\\\");
        default -> {
          if (c < 0x20 || c == 0x7F) {
            escaped.append(String.format("\\x%02x", (int) c));
          } else {
            escaped.append(c);
          }
        }
      }
    }
    return escaped.toString();
  }
}
