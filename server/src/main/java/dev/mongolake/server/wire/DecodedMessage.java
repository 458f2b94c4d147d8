package dev.mongolake.server.wire;

import java.util.Optional;

/**
 * A request as read from a connection.
 *
 * @param header the header as received (for OP_COMPRESSED, the outer header)
 * @param message the decoded message (decompressed if it arrived compressed)
 * @param compressor the compressor the request used, which its reply uses too
 */
public record DecodedMessage(
    MessageHeader header, WireMessage message, Optional<Compressor> compressor) {}
