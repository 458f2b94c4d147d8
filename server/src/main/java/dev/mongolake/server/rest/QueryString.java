package dev.mongolake.server.rest;

import java.util.LinkedHashMap;
import java.util.Map;

/** Parses a raw query string ({@code a=1&b=%7B%7D}); {@code +} means a space, as in forms. */
final class QueryString {

  private QueryString() {}

  static Map<String, String> parse(String rawQuery) {
    Map<String, String> parameters = new LinkedHashMap<>();
    if (rawQuery == null || rawQuery.isEmpty()) {
      return parameters;
    }
    for (String pair : rawQuery.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int equals = pair.indexOf('=');
      String name = equals < 0 ? pair : pair.substring(0, equals);
      String value = equals < 0 ? "" : pair.substring(equals + 1);
      parameters.put(decode(name), decode(value));
    }
    return parameters;
  }

  private static String decode(String text) {
    return PathPattern.percentDecode(text.replace('+', ' '));
  }
}
