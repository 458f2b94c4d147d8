package dev.mongolake.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/** Runs pipelines written as JSON over documents written as JSON, for the stage tests. */
public final class StageHarness {
  private StageHarness() {}

  public static List<BsonDocument> documents(String... json) {
    List<BsonDocument> out = new ArrayList<>();
    for (String document : json) {
      out.add(BsonDocument.parse(document));
    }
    return out;
  }

  public static List<BsonDocument> run(List<BsonDocument> input, String... stages) {
    List<BsonDocument> out = new ArrayList<>();
    Pipeline.parse(documents(stages)).run(input.iterator()).forEachRemaining(out::add);
    return out;
  }

  public static void assertFails(
      List<BsonDocument> input, ErrorCode code, String message, String... stages) {
    assertThatThrownBy(() -> run(input, stages))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(code);
              assertThat(e.getMessage()).isEqualTo(message);
            });
  }
}
