package dev.mongolake.server.rest.routes;

import dev.mongolake.server.command.ServerContext;
import dev.mongolake.server.rest.RestRequest;
import dev.mongolake.server.rest.RestResponse;
import dev.mongolake.server.rest.RouteHandler;
import java.time.Duration;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/** {@code GET /health}: liveness for load balancers and orchestrators; needs no credentials. */
public record HealthRoute(ServerContext server) implements RouteHandler {

  @Override
  public RestResponse handle(RestRequest request) {
    long uptime = Duration.between(server.startTime(), server.clock().instant()).toSeconds();
    return RestResponse.ok(
        new BsonDocument("status", new BsonString("ok"))
            .append("version", new BsonString(server.productVersion()))
            .append("mongodbVersion", new BsonString(ServerContext.COMPATIBLE_MONGODB_VERSION))
            .append("uptimeSeconds", new BsonInt64(uptime))
            .append("startedAt", new BsonDateTime(server.startTime().toEpochMilli())));
  }
}
