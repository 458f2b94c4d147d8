package dev.mongolake.server.rest.routes;

import dev.mongolake.server.command.ServerContext;
import dev.mongolake.server.metrics.ServerMetrics;
import dev.mongolake.server.rest.RestRequest;
import dev.mongolake.server.rest.RestResponse;
import dev.mongolake.server.rest.RouteHandler;

/** {@code GET /metrics}: the server's metrics in Prometheus text format, for scrapers. */
public record MetricsRoute(ServerContext server, LakeGauges gauges) implements RouteHandler {

  @Override
  public RestResponse handle(RestRequest request) {
    return new RestResponse.Text(
        200, ServerMetrics.contentType(), server.metrics().render(gauges.measure()));
  }
}
