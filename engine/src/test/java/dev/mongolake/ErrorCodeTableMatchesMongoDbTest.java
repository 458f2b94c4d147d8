package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The error table gives each code MongoDB's codeName: a named code its name from MongoDB's list
 * ({@code mongodb-error-codes.txt}), a location code {@code Location<code>}, and no two constants
 * one number.
 */
class ErrorCodeTableMatchesMongoDbTest {

  private static final int LOCATION_CODES_FROM = 9000;

  @Test
  void everyNamedCodeHasMongoDbsNameAndEveryOtherHighCodeIsALocationCode() throws IOException {
    Map<Integer, String> mongodb = mongoDbNames();
    for (ErrorCode code : ErrorCode.values()) {
      String named = mongodb.get(code.code());
      if (named != null) {
        assertThat(code.codeName()).as(code.name()).isEqualTo(named);
      } else if (code.code() >= LOCATION_CODES_FROM) {
        assertThat(code.codeName()).as(code.name()).isEqualTo("Location" + code.code());
      } else {
        assertThat(named)
            .as("%s: %d is below the location codes and not in MongoDB's list", code, code.code())
            .isNotNull();
      }
    }
  }

  @Test
  void noTwoConstantsShareANumber() {
    Set<Integer> numbers =
        Arrays.stream(ErrorCode.values()).map(ErrorCode::code).collect(Collectors.toSet());
    assertThat(numbers).hasSize(ErrorCode.values().length);
  }

  private static Map<Integer, String> mongoDbNames() throws IOException {
    Map<Integer, String> names = new HashMap<>();
    try (InputStream in =
        ErrorCodeTableMatchesMongoDbTest.class.getResourceAsStream("/mongodb-error-codes.txt")) {
      assertThat(in).isNotNull();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] parts = line.trim().split(" ");
        names.put(Integer.parseInt(parts[0]), parts[1]);
      }
    }
    return names;
  }
}
