/**
 * The MongoLake server: the MongoDB wire protocol, the command registry, the REST API and the
 * {@code mongolake} command-line tool ({@code mongolake dev}, import/export, log inspection).
 *
 * <p>The wire layer is the only place that turns engine errors into {@code {ok: 0, errmsg, code,
 * codeName}} replies. Nothing depends on this module.
 */
package dev.mongolake.server;
