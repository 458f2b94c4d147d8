package dev.mongolake.server.rest;

import dev.mongolake.ErrorCode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A route's path such as {@code /api/{db}/{coll}/{id}}: literal segments and named parameters.
 *
 * <p>Paths are split on {@code /} before percent-decoding, so an encoded slash ({@code %2F}) stays
 * inside its segment: {@code ..%2Fx} reaches the handler as the name {@code ../x}, where namespace
 * validation rejects it, instead of changing which route matches.
 */
public record PathPattern(String text, List<String> segments) {

  public PathPattern {
    segments = List.copyOf(segments);
  }

  public static PathPattern of(String text) {
    return new PathPattern(text, split(text));
  }

  /** The parameters if {@code decodedSegments} match this pattern. */
  public Optional<Map<String, String>> match(List<String> decodedSegments) {
    if (decodedSegments.size() != segments.size()) {
      return Optional.empty();
    }
    Map<String, String> parameters = new LinkedHashMap<>();
    for (int i = 0; i < segments.size(); i++) {
      String expected = segments.get(i);
      String actual = decodedSegments.get(i);
      if (expected.startsWith("{") && expected.endsWith("}")) {
        parameters.put(expected.substring(1, expected.length() - 1), actual);
      } else if (!expected.equals(actual)) {
        return Optional.empty();
      }
    }
    return Optional.of(parameters);
  }

  /** A raw request path as decoded segments; a trailing slash is ignored. */
  public static List<String> decodedSegments(String rawPath) {
    List<String> decoded = new ArrayList<>();
    for (String segment : split(rawPath)) {
      decoded.add(percentDecode(segment));
    }
    return decoded;
  }

  private static List<String> split(String path) {
    List<String> parts = new ArrayList<>(List.of(path.split("/", -1)));
    if (!parts.isEmpty() && parts.getFirst().isEmpty()) {
      parts.removeFirst();
    }
    if (!parts.isEmpty() && parts.getLast().isEmpty()) {
      parts.removeLast();
    }
    return parts;
  }

  /** RFC 3986 percent-decoding as UTF-8; unlike form decoding, {@code +} stays a plus. */
  static String percentDecode(String text) {
    if (text.indexOf('%') < 0) {
      return text;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%') {
        if (i + 2 >= text.length()) {
          throw badEncoding(text);
        }
        int high = Character.digit(text.charAt(i + 1), 16);
        int low = Character.digit(text.charAt(i + 2), 16);
        if (high < 0 || low < 0) {
          throw badEncoding(text);
        }
        bytes.write(high * 16 + low);
        i += 2;
      } else {
        byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        bytes.write(utf8, 0, utf8.length);
      }
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(bytes.toByteArray()))
          .toString();
    } catch (CharacterCodingException e) {
      throw badEncoding(text);
    }
  }

  private static RestException badEncoding(String text) {
    return new RestException(
        HttpStatuses.BAD_REQUEST,
        ErrorCode.BAD_VALUE,
        "Cannot decode URL component '" + text + "': invalid percent-encoding");
  }
}
