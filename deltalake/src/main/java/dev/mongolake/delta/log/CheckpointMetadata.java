package dev.mongolake.delta.log;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/** The {@code checkpointMetadata} action of a V2-spec checkpoint. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CheckpointMetadata(long version, Map<String, String> tags) implements Action {}
