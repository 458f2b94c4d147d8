package dev.mongolake.internal.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every error the filter language raises reaches clients with its own MongoDB code and name. */
class QueryErrorsTranslateEveryCodeTest {

  @ParameterizedTest
  @EnumSource(QueryErrorCode.class)
  void everyFilterErrorKeepsItsCodeAndCodeName(QueryErrorCode code) {
    MongoLakeException translated =
        QueryErrors.translate(new QueryException(code, "Cannot filter: test"));

    assertThat(translated.errorCode().code()).isEqualTo(code.code());
    assertThat(translated.errorCode().codeName()).isEqualTo(code.codeName());
    assertThat(translated).hasMessage("Cannot filter: test");
  }
}
