package dev.mongolake.internal.wal;

import java.nio.charset.StandardCharsets;
import org.bson.io.BasicOutputBuffer;

/**
 * A BSON output buffer that copies ASCII strings (names and values) as one block instead of
 * org.bson's code point at a time, which is most of the cost of encoding text-heavy documents. Any
 * other string takes org.bson's own path, so the bytes are the same as {@link BasicOutputBuffer}'s
 * in every case (including unpaired surrogates, which {@link String#getBytes} would replace).
 */
final class AsciiFastOutputBuffer extends BasicOutputBuffer {

  @Override
  protected int writeCharacters(String text, boolean checkForNullCharacters) {
    int length = text.length();
    for (int i = 0; i < length; i++) {
      char c = text.charAt(i);
      if (c >= 0x80 || c == 0) {
        // Non-ASCII needs UTF-8; NUL is refused in names and written as is in values.
        return super.writeCharacters(text, checkForNullCharacters);
      }
    }
    writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
    writeByte(0);
    return length + 1;
  }
}
