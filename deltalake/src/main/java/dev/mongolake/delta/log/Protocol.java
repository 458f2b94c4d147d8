package dev.mongolake.delta.log;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The {@code protocol} action: the reader and writer versions (and, from reader version 3 and
 * writer version 7, the table features) a client must implement.
 *
 * @param readerFeatures present only when {@code minReaderVersion == 3}, else null
 * @param writerFeatures present only when {@code minWriterVersion == 7}, else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Protocol(
    int minReaderVersion,
    int minWriterVersion,
    List<String> readerFeatures,
    List<String> writerFeatures)
    implements Action {

  public Protocol {
    readerFeatures = readerFeatures == null ? null : List.copyOf(readerFeatures);
    writerFeatures = writerFeatures == null ? null : List.copyOf(writerFeatures);
  }

  /** A legacy protocol without feature lists. */
  public static Protocol of(int minReaderVersion, int minWriterVersion) {
    return new Protocol(minReaderVersion, minWriterVersion, null, null);
  }
}
