package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Rewrites a PCRE pattern (what MongoDB's regex operators compile) as a {@link Pattern} with the
 * same meaning. Most syntax is shared; what differs is rewritten (a literal {@code [} or {@code &&}
 * in a class, {@code []...]}, {@code \x} and {@code \0} with fewer digits, {@code (?P<name>)},
 * {@code (?#...)}, a {@code {} that is no quantifier), and what has no equivalent is refused with
 * NotImplemented naming it (recursion, conditionals, branch reset, backtracking verbs, POSIX
 * classes, {@code \K}, {@code \g}, script properties, flags other than i m s x) rather than
 * matched differently.
 */
final class PcreTranslation {

  /** Unicode general categories, spelled alike in PCRE and Java. */
  private static final Set<String> CATEGORIES =
      Set.of(
          "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No", "P",
          "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "S", "Sm", "Sc", "Sk", "So", "Z", "Zs", "Zl",
          "Zp", "C", "Cc", "Cf", "Co", "Cs", "Cn");

  private static final String WORD_BOUNDARY = "(?:(?<=\\w)(?!\\w)|(?<!\\w)(?=\\w))";
  private static final String NOT_WORD_BOUNDARY = "(?:(?<=\\w)(?=\\w)|(?<!\\w)(?!\\w))";

  private static final Pattern QUANTIFIER = Pattern.compile("\\{\\d+(,\\d*)?}");
  private static final Pattern JAVA_GROUP_NAME = Pattern.compile("[a-zA-Z][a-zA-Z0-9]*");

  private final String operator;
  private final String pcre;
  private final StringBuilder out = new StringBuilder();
  private int at;

  /** Whether the x option is on here, so that {@code #} starts a comment to the end of line. */
  private boolean extended;

  /** Whether the i option is on here. */
  private boolean caseless;

  private PcreTranslation(String operator, String pcre, String options) {
    this.operator = operator;
    this.pcre = pcre;
    this.extended = options.indexOf('x') >= 0;
    this.caseless = options.indexOf('i') >= 0;
  }

  /**
   * The Java spelling of {@code pcre}.
   *
   * @param operator the operator compiling it, named in refusals
   * @param options the options given (x makes {@code #} start a comment)
   * @throws MongoLakeException NotImplemented for PCRE syntax without a faithful translation, and
   *     51111 for the escapes PCRE2 itself rejects (backslash L, l, U and u)
   */
  static String toJava(String operator, String pcre, String options) {
    PcreTranslation translation = new PcreTranslation(operator, pcre, options);
    translation.translate();
    return translation.out.toString();
  }

  private void translate() {
    while (at < pcre.length()) {
      char c = pcre.charAt(at);
      switch (c) {
        case '\\' -> escape(false);
        case '[' -> characterClass();
        case '(' -> group();
        case '{' -> brace();
        case '#' -> {
          if (extended) {
            // A comment, copied as is: Java's COMMENTS mode ends it at the same newline.
            int newline = pcre.indexOf('\n', at);
            int end = newline < 0 ? pcre.length() : newline;
            out.append(pcre, at, end);
            at = end;
          } else {
            out.append(c);
            at++;
          }
        }
        default -> {
          out.append(c);
          at++;
        }
      }
    }
  }

  private void escape(boolean inClass) {
    if (at + 1 >= pcre.length()) {
      out.append('\\');
      at++;
      return;
    }
    char c = pcre.charAt(at + 1);
    switch (c) {
      case 'x' -> hexEscape();
      case '0' -> octalEscape();
      case 'Q' -> quoted(inClass);
      case 'E' -> at += 2; // a stray \E means nothing in PCRE
      case 'p', 'P' -> property(c);
      case 'b' -> {
        // In a class PCRE's \b is a backspace. Outside it is a boundary of ASCII \w, where
        // Java's \b also counts other letters (é) as word characters.
        out.append(inClass ? "\\x{8}" : WORD_BOUNDARY);
        at += 2;
      }
      case 'B' -> {
        if (inClass) {
          throw refuse("\\B inside a character class");
        }
        out.append(NOT_WORD_BOUNDARY);
        at += 2;
      }
      case 'k' -> {
        if (inClass || at + 2 >= pcre.length() || pcre.charAt(at + 2) != '<') {
          throw refuse("the \\k back reference other than \\k<name>");
        }
        out.append("\\k");
        at += 2;
      }
      case 'L', 'l', 'U', 'u' ->
          throw new MongoLakeException(
              ErrorCode.LOCATION_51111,
              "Invalid Regex in "
                  + operator
                  + ": PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u");
      case 'K', 'g', 'N', 'o', 'C', 'X' -> throw refuse("\\" + c);
      default -> {
        if (c >= '1' && c <= '9') {
          boolean moreDigits = at + 2 < pcre.length() && Character.isDigit(pcre.charAt(at + 2));
          if (inClass || moreDigits) {
            throw refuse("octal escapes and back references of more than one digit");
          }
        }
        out.append('\\').append(c);
        at += 2;
      }
    }
  }

  /** {@code \xhh} (up to two digits, none meaning NUL) or {@code \x{h...}}. */
  private void hexEscape() {
    int start = at + 2;
    String digits;
    if (start < pcre.length() && pcre.charAt(start) == '{') {
      int close = pcre.indexOf('}', start);
      if (close < 0) {
        throw refuse("an unterminated \\x{");
      }
      digits = pcre.substring(start + 1, close);
      at = close + 1;
    } else {
      int end = start;
      while (end < pcre.length() && end - start < 2 && isHex(pcre.charAt(end))) {
        end++;
      }
      digits = pcre.substring(start, end);
      at = end;
    }
    out.append("\\x{").append(digits.isEmpty() ? "0" : digits).append('}');
  }

  /** {@code \0} followed by up to two more octal digits. */
  private void octalEscape() {
    int start = at + 2;
    int end = start;
    while (end < pcre.length()
        && end - start < 2
        && pcre.charAt(end) >= '0'
        && pcre.charAt(end) <= '7') {
      end++;
    }
    int value = end == start ? 0 : Integer.parseInt(pcre.substring(start, end), 8);
    out.append("\\x{").append(Integer.toHexString(value)).append('}');
    at = end;
  }

  /** {@code \Q...\E}: everything between is literal, in PCRE and Java alike. */
  private void quoted(boolean inClass) {
    if (inClass) {
      throw refuse("\\Q...\\E inside a character class");
    }
    int end = pcre.indexOf("\\E", at + 2);
    String literal = end < 0 ? pcre.substring(at + 2) : pcre.substring(at + 2, end);
    out.append(Pattern.quote(literal));
    at = end < 0 ? pcre.length() : end + 2;
  }

  private void property(char kind) {
    int start = at + 2;
    String name;
    int next;
    if (start < pcre.length() && pcre.charAt(start) == '{') {
      int close = pcre.indexOf('}', start);
      if (close < 0) {
        throw refuse("an unterminated \\" + kind + "{");
      }
      name = pcre.substring(start + 1, close);
      next = close + 1;
    } else {
      name = start < pcre.length() ? pcre.substring(start, start + 1) : "";
      next = start + 1;
    }
    if (!CATEGORIES.contains(name)) {
      throw refuse("the Unicode property \\" + kind + "{" + name + "}");
    }
    if (caseless && (name.equals("Lu") || name.equals("Ll") || name.equals("Lt"))) {
      // Java widens these to every cased letter under the i option; PCRE does not.
      throw refuse("the case properties \\p{Lu}, \\p{Ll} and \\p{Lt} with the i option");
    }
    out.append('\\').append(kind).append('{').append(name).append('}');
    at = next;
  }

  private void characterClass() {
    out.append('[');
    at++;
    if (at < pcre.length() && pcre.charAt(at) == '^') {
      out.append('^');
      at++;
    }
    if (at < pcre.length() && pcre.charAt(at) == ']') {
      // PCRE reads a ']' first in a class as a member.
      out.append("\\]");
      at++;
    }
    while (at < pcre.length()) {
      char c = pcre.charAt(at);
      if (c == ']') {
        out.append(']');
        at++;
        return;
      }
      if (c == '\\') {
        escape(true);
        continue;
      }
      if (c == '[') {
        if (at + 1 < pcre.length() && ":.=".indexOf(pcre.charAt(at + 1)) >= 0) {
          throw refuse("POSIX character classes such as [:alpha:]");
        }
        out.append("\\[");
      } else if (c == '&' || c == '#') {
        out.append('\\').append(c);
      } else if (Character.isWhitespace(c)) {
        // Java ignores whitespace in a class under the x option; PCRE keeps it.
        out.append("\\x{").append(Integer.toHexString(c)).append('}');
      } else {
        out.append(c);
      }
      at++;
    }
  }

  private void group() {
    if (pcre.startsWith("(*", at)) {
      throw refuse("backtracking control verbs such as (*FAIL)");
    }
    if (!pcre.startsWith("(?", at)) {
      out.append('(');
      at++;
      return;
    }
    int body = at + 2;
    char kind = body < pcre.length() ? pcre.charAt(body) : ')';
    switch (kind) {
      case '#' -> {
        int close = pcre.indexOf(')', body);
        at = close < 0 ? pcre.length() : close + 1;
      }
      case ':', '=', '!', '>' -> copy(3);
      case '<' -> {
        if (pcre.startsWith("(?<=", at) || pcre.startsWith("(?<!", at)) {
          copy(4);
        } else {
          namedGroup(body + 1, '>');
        }
      }
      case '\'' -> namedGroup(body + 1, '\'');
      case 'P' -> {
        if (pcre.startsWith("(?P<", at)) {
          namedGroup(body + 2, '>');
        } else if (pcre.startsWith("(?P=", at)) {
          int close = pcre.indexOf(')', body);
          if (close < 0) {
            throw refuse("an unterminated (?P=");
          }
          String name = pcre.substring(body + 2, close);
          out.append("\\k<").append(javaGroupName(name)).append('>');
          at = close + 1;
        } else {
          throw refuse("(?P> recursion");
        }
      }
      default -> inlineFlags(body);
    }
  }

  private void namedGroup(int nameStart, char terminator) {
    int close = pcre.indexOf(terminator, nameStart);
    if (close < 0) {
      throw refuse("an unterminated group name");
    }
    out.append("(?<").append(javaGroupName(pcre.substring(nameStart, close))).append('>');
    at = close + 1;
  }

  private String javaGroupName(String name) {
    if (!JAVA_GROUP_NAME.matcher(name).matches()) {
      throw refuse("group names other than ASCII letters and digits (" + name + ")");
    }
    return name;
  }

  /** {@code (?imsx-imsx)} or {@code (?imsx-imsx:...)}; any other {@code (?} form is refused. */
  private void inlineFlags(int body) {
    int end = body;
    while (end < pcre.length() && "imsx-".indexOf(pcre.charAt(end)) >= 0) {
      end++;
    }
    if (end == body
        || end >= pcre.length()
        || (pcre.charAt(end) != ')' && pcre.charAt(end) != ':')) {
      throw refuse(
          "the group syntax (?"
              + (body < pcre.length() ? pcre.charAt(body) : "")
              + " (recursion, conditionals, branch reset, callouts or flags other than i m s x)");
    }
    String flags = pcre.substring(body, end);
    // Scoping is not tracked: an option set or unset here holds for the rest of the pattern.
    extended = optionAfter(flags, 'x', extended);
    caseless = optionAfter(flags, 'i', caseless);
    copy(end + 1 - at);
  }

  private static boolean optionAfter(String flags, char option, boolean before) {
    int index = flags.indexOf(option);
    if (index < 0) {
      return before;
    }
    int minus = flags.indexOf('-');
    return minus < 0 || index < minus;
  }

  /** A {@code {} opens a quantifier only as {@code {n}}, {@code {n,}} or {@code {n,m}}. */
  private void brace() {
    var matcher = QUANTIFIER.matcher(pcre).region(at, pcre.length());
    if (matcher.lookingAt()) {
      out.append(matcher.group());
      at = matcher.end();
      return;
    }
    if (pcre.startsWith("{,", at)) {
      throw refuse("the quantifier {,n}");
    }
    out.append("\\{");
    at++;
  }

  private void copy(int count) {
    out.append(pcre, at, at + count);
    at += count;
  }

  private static boolean isHex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  private MongoLakeException refuse(String what) {
    return new MongoLakeException(
        ErrorCode.NOT_IMPLEMENTED,
        operator + " does not support " + what + " in regular expressions");
  }
}
