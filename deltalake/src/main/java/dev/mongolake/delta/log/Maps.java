package dev.mongolake.delta.log;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Immutable copies of string maps that may hold null values (partition values do). */
final class Maps {
  private Maps() {}

  static Map<String, String> copyKeepingNulls(Map<String, String> map) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }

  static Map<String, String> copyOrNull(Map<String, String> map) {
    return map == null ? null : copyKeepingNulls(map);
  }
}
