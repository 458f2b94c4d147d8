package dev.mongolake.delta.log;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The {@code sidecar} action of a V2-spec checkpoint: a Parquet file in {@code
 * _delta_log/_sidecars} holding some of the checkpoint's file actions.
 *
 * @param path URI-encoded; usually just the file name
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Sidecar(
    String path, long sizeInBytes, long modificationTime, Map<String, String> tags)
    implements Action {}
