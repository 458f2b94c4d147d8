package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.ServerContext;
import dev.mongolake.server.wire.WireLimits;
import java.util.Arrays;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * {@code buildInfo}: the version clients see. It reports the MongoDB version whose wire protocol
 * this server speaks, plus MongoLake's own version in {@code mongolakeVersion}.
 */
public final class BuildInfoCommand implements Command {

  @Override
  public String name() {
    return "buildInfo";
  }

  @Override
  public Set<String> aliases() {
    return Set.of("buildinfo");
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.open();
  }

  /** MongoDB's command is no IDL command: it ignores fields it does not read. */
  @Override
  public CommandFields fields() {
    return CommandFields.IGNORES_OTHERS;
  }

  @Override
  public String help() {
    return "Get version and build information about the server.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    String version = ServerContext.COMPATIBLE_MONGODB_VERSION;
    BsonArray versionArray = new BsonArray();
    Arrays.stream(version.split("\\."))
        .forEach(p -> versionArray.add(new BsonInt32(Integer.parseInt(p))));
    versionArray.add(new BsonInt32(0));
    return new BsonDocument("version", new BsonString(version))
        .append("gitVersion", new BsonString("mongolake-" + request.server().productVersion()))
        .append("mongolakeVersion", new BsonString(request.server().productVersion()))
        .append("versionArray", versionArray)
        .append("modules", new BsonArray())
        .append("allocator", new BsonString("system"))
        .append("javascriptEngine", new BsonString("none"))
        .append("sysInfo", new BsonString("deprecated"))
        .append("bits", new BsonInt32(64))
        .append("debug", BsonBoolean.FALSE)
        .append("maxBsonObjectSize", new BsonInt32(WireLimits.MAX_BSON_OBJECT_SIZE))
        .append("storageEngines", new BsonArray(java.util.List.of(new BsonString("mongolake"))))
        .append(
            "buildEnvironment",
            new BsonDocument("target_os", new BsonString(System.getProperty("os.name")))
                .append("target_arch", new BsonString(System.getProperty("os.arch"))));
  }
}
