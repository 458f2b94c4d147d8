package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;

/** The protocol and metadata in force at one version. */
public record ProtocolAndMetadata(Protocol protocol, Metadata metadata) {}
