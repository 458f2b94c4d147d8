package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;

/** {@code hostInfo}: the machine the server runs on (Compass shows it). */
public final class HostInfoCommand implements Command {

  @Override
  public String name() {
    return "hostInfo";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.cluster(), ActionType.HOST_INFO);
  }

  /** MongoDB's command is no IDL command: it ignores fields it does not read. */
  @Override
  public CommandFields fields() {
    return CommandFields.IGNORES_OTHERS;
  }

  @Override
  public String help() {
    return "Returns information about the underlying host.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    long memoryMb = physicalMemoryBytes() / (1024 * 1024);
    BsonDocument system =
        new BsonDocument("currentTime", new BsonDateTime(request.server().clock().millis()))
            .append("hostname", new BsonString(hostName()))
            .append("cpuAddrSize", new BsonInt32(64))
            .append("memSizeMB", new BsonInt64(memoryMb))
            .append("memLimitMB", new BsonInt64(memoryMb))
            .append("numCores", new BsonInt32(Runtime.getRuntime().availableProcessors()))
            .append("cpuArch", new BsonString(System.getProperty("os.arch")))
            .append("numaEnabled", BsonBoolean.FALSE);
    BsonDocument os =
        new BsonDocument("type", new BsonString(System.getProperty("os.name")))
            .append("name", new BsonString(System.getProperty("os.name")))
            .append("version", new BsonString(System.getProperty("os.version")));
    BsonDocument extra =
        new BsonDocument("javaVersion", new BsonString(Runtime.version().toString()));
    return new BsonDocument("system", system).append("os", os).append("extra", extra);
  }

  static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }

  private static long physicalMemoryBytes() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return Runtime.getRuntime().maxMemory();
  }
}
