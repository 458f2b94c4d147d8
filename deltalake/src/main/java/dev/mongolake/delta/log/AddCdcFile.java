package dev.mongolake.delta.log;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/** The {@code cdc} action: a change data file for the commit it appears in. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AddCdcFile(
    String path,
    Map<String, String> partitionValues,
    long size,
    boolean dataChange,
    Map<String, String> tags)
    implements Action {

  public AddCdcFile {
    partitionValues = partitionValues == null ? Map.of() : Maps.copyKeepingNulls(partitionValues);
    tags = Maps.copyOrNull(tags);
  }
}
