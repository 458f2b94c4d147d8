package dev.mongolake.server.auth;

/**
 * One answer of the server in a SASL exchange, as {@code saslStart} and {@code saslContinue} reply
 * it.
 *
 * @param conversationId the conversation's id on its connection
 * @param done whether the exchange is over (the user is then authenticated)
 * @param payload the server's message
 */
public record SaslStep(int conversationId, boolean done, byte[] payload) {}
