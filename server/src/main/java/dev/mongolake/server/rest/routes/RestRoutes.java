package dev.mongolake.server.rest.routes;

import dev.mongolake.MongoLake;
import dev.mongolake.server.command.ServerContext;
import dev.mongolake.server.rest.CommandClient;
import dev.mongolake.server.rest.Route;
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
    routes.addAll(new BranchRoutes(commands).routes());
    routes.add(Route.get("/api/{db}/{coll}/history", new HistoryRoute(lake, server)));
    routes.add(Route.get("/api/{db}/{coll}/indexes", new IndexesRoute(commands)));
    routes.add(Route.post("/api/{db}/{coll}/vacuum", new VacuumRoute(commands)));
    routes.add(Route.post("/api/{db}/{coll}/restore", new RestoreRoute(commands)));
    routes.addAll(new QueryRoutes(commands).routes());
    routes.addAll(new DocumentRoutes(commands).routes());
    return routes;
  }
}
