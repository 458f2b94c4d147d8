package dev.mongolake.server.rest;

import dev.mongolake.MongoLake;
import dev.mongolake.server.command.ServerContext;
import dev.mongolake.server.metrics.LakeGauges;
import dev.mongolake.server.rest.routes.DatabaseRoutes;
import dev.mongolake.server.rest.routes.DocumentRoutes;
import dev.mongolake.server.rest.routes.HealthRoute;
import dev.mongolake.server.rest.routes.HistoryRoute;
import dev.mongolake.server.rest.routes.IndexesRoute;
import dev.mongolake.server.rest.routes.MetricsRoute;
import dev.mongolake.server.rest.routes.QueryRoutes;
import java.util.ArrayList;
import java.util.List;

/**
 * Every REST route, in matching order: literal paths before the parameterised paths they would
 * otherwise match ({@code /api/databases} before {@code /api/{db}/{coll}}, {@code .../history}
 * before {@code .../{id}}).
 */
public final class RestRoutes {

  private RestRoutes() {}

  public static List<Route> all(MongoLake lake, ServerContext server, CommandClient commands) {
    List<Route> routes = new ArrayList<>();
    routes.add(Route.get("/health", new HealthRoute(server)));
    routes.add(Route.get("/metrics", new MetricsRoute(server, new LakeGauges(lake, server))));
    routes.addAll(new DatabaseRoutes(commands).routes());
    routes.add(Route.get("/api/{db}/{coll}/history", new HistoryRoute(lake, server)));
    routes.add(Route.get("/api/{db}/{coll}/indexes", new IndexesRoute(commands)));
    routes.addAll(new QueryRoutes(commands).routes());
    routes.addAll(new DocumentRoutes(commands).routes());
    return routes;
  }
}
