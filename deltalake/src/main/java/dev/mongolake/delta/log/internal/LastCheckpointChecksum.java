package dev.mongolake.delta.log.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The {@code checksum} of a {@code _last_checkpoint} file as the Delta protocol's "JSON checksum"
 * section defines it: the MD5 of the JSON's canonical form, in 32 lower-case hex digits.
 *
 * <p>The canonical form lists every leaf as {@code path=value}, paths being the URL-encoded, quoted
 * object keys and bare array indexes joined by {@code +}, sorted by path bytes and joined by {@code
 * ,}; strings are quoted and URL-encoded, numbers and literals are as written, and the top-level
 * {@code checksum} key is left out.
 */
public final class LastCheckpointChecksum {
  private static final String CHECKSUM = "checksum";

  private LastCheckpointChecksum() {}

  /** The checksum of {@code json}, an object, ignoring its own top-level checksum field. */
  public static String of(JsonNode json) {
    try {
      byte[] digest =
          MessageDigest.getInstance("MD5").digest(canonical(json).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java platform provides MD5", e);
    }
  }

  /** The canonical form the checksum is computed over. */
  static String canonical(JsonNode json) {
    List<String[]> pairs = new ArrayList<>();
    for (Map.Entry<String, JsonNode> field : json.properties()) {
      if (!field.getKey().equals(CHECKSUM)) {
        leaves(quoted(field.getKey()), field.getValue(), pairs);
      }
    }
    // Encoded paths are ASCII, so comparing strings is the byte-order sort the protocol asks for.
    pairs.sort((a, b) -> a[0].compareTo(b[0]));
    StringBuilder out = new StringBuilder();
    for (String[] pair : pairs) {
      if (!out.isEmpty()) {
        out.append(',');
      }
      out.append(pair[0]).append('=').append(pair[1]);
    }
    return out.toString();
  }

  private static void leaves(String path, JsonNode node, List<String[]> pairs) {
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        leaves(path + "+" + quoted(field.getKey()), field.getValue(), pairs);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        leaves(path + "+" + i, node.get(i), pairs);
      }
    } else if (node.isTextual()) {
      pairs.add(new String[] {path, quoted(node.textValue())});
    } else {
      // Numbers and the literals true, false and null are their own canonical form.
      pairs.add(new String[] {path, node.toString()});
    }
  }

  private static String quoted(String text) {
    return "\"" + urlEncode(text) + "\"";
  }

  /** Percent-encodes every UTF-8 octet except A-Z a-z 0-9 - . _ ~, in upper-case hex. */
  static String urlEncode(String text) {
    StringBuilder out = new StringBuilder();
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '.'
          || c == '_'
          || c == '~') {
        out.append((char) c);
      } else {
        out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)));
        out.append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
      }
    }
    return out.toString();
  }
}
