package dev.mongolake.server;

import dev.mongolake.MongoLake;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRegistry;
import dev.mongolake.server.command.CursorRegistry;
import dev.mongolake.server.command.admin.BuildInfoCommand;
import dev.mongolake.server.command.admin.ConnectionStatusCommand;
import dev.mongolake.server.command.admin.EndSessionsCommand;
import dev.mongolake.server.command.admin.GetCmdLineOptsCommand;
import dev.mongolake.server.command.admin.GetLogCommand;
import dev.mongolake.server.command.admin.GetParameterCommand;
import dev.mongolake.server.command.admin.HelloCommand;
import dev.mongolake.server.command.admin.HostInfoCommand;
import dev.mongolake.server.command.admin.KillAllSessionsByPatternCommand;
import dev.mongolake.server.command.admin.KillAllSessionsCommand;
import dev.mongolake.server.command.admin.ListCommandsCommand;
import dev.mongolake.server.command.admin.PingCommand;
import dev.mongolake.server.command.admin.RefreshSessionsCommand;
import dev.mongolake.server.command.admin.ServerStatusCommand;
import dev.mongolake.server.command.admin.StartSessionCommand;
import dev.mongolake.server.command.admin.WhatsMyUriCommand;
import dev.mongolake.server.command.branch.CreateBranchCommand;
import dev.mongolake.server.command.branch.DeleteBranchCommand;
import dev.mongolake.server.command.branch.DiffBranchCommand;
import dev.mongolake.server.command.branch.ListBranchesCommand;
import dev.mongolake.server.command.branch.MergeBranchCommand;
import dev.mongolake.server.command.catalog.AttachTableCommand;
import dev.mongolake.server.command.catalog.CloneCollectionAsCappedCommand;
import dev.mongolake.server.command.catalog.ConvertToCappedCommand;
import dev.mongolake.server.command.catalog.CreateCommand;
import dev.mongolake.server.command.catalog.DetachTableCommand;
import dev.mongolake.server.command.catalog.DropCommand;
import dev.mongolake.server.command.catalog.DropDatabaseCommand;
import dev.mongolake.server.command.catalog.ListCollectionsCommand;
import dev.mongolake.server.command.catalog.ListDatabasesCommand;
import dev.mongolake.server.command.catalog.RenameCollectionCommand;
import dev.mongolake.server.command.crud.AggregateCommand;
import dev.mongolake.server.command.crud.BulkWriteCommand;
import dev.mongolake.server.command.crud.CountCommand;
import dev.mongolake.server.command.crud.DeleteCommand;
import dev.mongolake.server.command.crud.DistinctCommand;
import dev.mongolake.server.command.crud.FindAndModifyCommand;
import dev.mongolake.server.command.crud.FindCommand;
import dev.mongolake.server.command.crud.FsyncCommand;
import dev.mongolake.server.command.crud.GetMoreCommand;
import dev.mongolake.server.command.crud.InsertCommand;
import dev.mongolake.server.command.crud.KillCursorsCommand;
import dev.mongolake.server.command.crud.UpdateCommand;
import dev.mongolake.server.command.diagnostic.CollStatsCommand;
import dev.mongolake.server.command.diagnostic.CompactCommand;
import dev.mongolake.server.command.diagnostic.CurrentOpCommand;
import dev.mongolake.server.command.diagnostic.DbStatsCommand;
import dev.mongolake.server.command.diagnostic.ExplainCommand;
import dev.mongolake.server.command.diagnostic.KillOpCommand;
import dev.mongolake.server.command.diagnostic.RestoreCommand;
import dev.mongolake.server.command.diagnostic.VacuumCommand;
import dev.mongolake.server.command.diagnostic.ValidateCommand;
import dev.mongolake.server.command.index.CollModCommand;
import dev.mongolake.server.command.index.CreateIndexesCommand;
import dev.mongolake.server.command.index.DropIndexesCommand;
import dev.mongolake.server.command.index.ListIndexesCommand;
import dev.mongolake.server.command.replication.ReplSetGetConfigCommand;
import dev.mongolake.server.command.replication.ReplSetGetStatusCommand;
import dev.mongolake.server.command.roles.CreateRoleCommand;
import dev.mongolake.server.command.roles.DropRoleCommand;
import dev.mongolake.server.command.roles.RoleInheritanceCommand;
import dev.mongolake.server.command.roles.RolePrivilegesCommand;
import dev.mongolake.server.command.roles.RolesInfoCommand;
import dev.mongolake.server.command.roles.UpdateRoleCommand;
import dev.mongolake.server.command.transaction.CommitTransactionCommand;
import dev.mongolake.server.command.users.CreateUserCommand;
import dev.mongolake.server.command.users.DropUserCommand;
import dev.mongolake.server.command.users.LogoutCommand;
import dev.mongolake.server.command.users.SaslContinueCommand;
import dev.mongolake.server.command.users.SaslStartCommand;
import dev.mongolake.server.command.users.UpdateUserCommand;
import dev.mongolake.server.command.users.UserRolesCommand;
import dev.mongolake.server.command.users.UsersInfoCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The table of every command the server answers, one line per command, grouped by area; each
 * command's behaviour is in its own class. {@link #forLake} lists the commands that work on a lake
 * and adds them to those of {@link #registry}, which need no storage engine. A name or alias
 * registered twice fails the registry's construction with {@link IllegalArgumentException}.
 */
public final class StandardCommands {

  private StandardCommands() {}

  /** Every command of a server in front of {@code lake}. */
  public static CommandRegistry forLake(MongoLake lake, CursorRegistry cursors) {
    return registry(
        List.of(
            // Documents: reads, writes and cursors.
            new InsertCommand(lake),
            new FindCommand(lake, cursors),
            new GetMoreCommand(cursors),
            new KillCursorsCommand(cursors),
            new UpdateCommand(lake),
            new DeleteCommand(lake),
            new BulkWriteCommand(lake, cursors),
            new FindAndModifyCommand(lake),
            new CountCommand(lake),
            new DistinctCommand(lake),
            new AggregateCommand(lake, cursors),
            new FsyncCommand(lake),
            // Namespaces: databases, collections and views.
            new ListDatabasesCommand(lake),
            new ListCollectionsCommand(lake, cursors),
            new CreateCommand(lake),
            new DropCommand(lake),
            new DropDatabaseCommand(lake),
            new RenameCollectionCommand(lake),
            new CloneCollectionAsCappedCommand(lake),
            new ConvertToCappedCommand(lake),
            // Indexes, and the collection options collMod changes.
            new CreateIndexesCommand(lake),
            new ListIndexesCommand(lake, cursors),
            new DropIndexesCommand(lake),
            new CollModCommand(lake),
            // Diagnostics, answered from what the engine does today.
            new CollStatsCommand(lake),
            new DbStatsCommand(lake),
            new ExplainCommand(lake),
            new ValidateCommand(lake),
            new CompactCommand(lake),
            new VacuumCommand(lake),
            new RestoreCommand(lake),
            // Branches of databases.
            new CreateBranchCommand(lake),
            new ListBranchesCommand(lake),
            new DiffBranchCommand(lake),
            new MergeBranchCommand(lake),
            new DeleteBranchCommand(lake),
            // Delta tables attached as read-only collections.
            new AttachTableCommand(lake),
            new DetachTableCommand(lake),
            new CurrentOpCommand(),
            new KillOpCommand()));
  }

  /**
   * The commands that need no storage engine (handshake, server information, sessions,
   * authentication, users and roles) plus {@code extra} ones.
   */
  public static CommandRegistry registry(List<? extends Command> extra) {
    // listCommands lists the registry it is part of, which exists once the table is built.
    AtomicReference<CommandRegistry> registry = new AtomicReference<>();
    List<Command> commands =
        new ArrayList<>(
            List.of(
                // Handshake and server information.
                new HelloCommand(),
                new PingCommand(),
                new BuildInfoCommand(),
                new HostInfoCommand(),
                new GetParameterCommand(),
                new GetCmdLineOptsCommand(),
                new ConnectionStatusCommand(),
                new WhatsMyUriCommand(),
                new GetLogCommand(),
                new ServerStatusCommand(),
                new ListCommandsCommand(registry::get),
                // Logical sessions, which own the cursors their commands open.
                new StartSessionCommand(),
                new EndSessionsCommand("endSessions", "End a set of sessions."),
                new RefreshSessionsCommand(),
                new EndSessionsCommand("killSessions", "Kill a set of sessions."),
                new KillAllSessionsCommand(),
                new KillAllSessionsByPatternCommand(),
                // Multi-document transactions (their statements run in the CRUD commands).
                new CommitTransactionCommand("commitTransaction", true),
                new CommitTransactionCommand("abortTransaction", false),
                // The replica set of one (a standalone answers NoReplicationEnabled).
                new ReplSetGetStatusCommand(),
                new ReplSetGetConfigCommand(),
                // Authentication of the connection (SCRAM).
                new SaslStartCommand(),
                new SaslContinueCommand(),
                new LogoutCommand(),
                // Users.
                new CreateUserCommand(),
                new UpdateUserCommand(),
                new DropUserCommand(),
                new UsersInfoCommand(),
                new UserRolesCommand("grantRolesToUser", true),
                new UserRolesCommand("revokeRolesFromUser", false),
                // Roles.
                new CreateRoleCommand(),
                new UpdateRoleCommand(),
                new DropRoleCommand(),
                new RoleInheritanceCommand("grantRolesToRole", true),
                new RoleInheritanceCommand("revokeRolesFromRole", false),
                new RolePrivilegesCommand("grantPrivilegesToRole", true),
                new RolePrivilegesCommand("revokePrivilegesFromRole", false),
                new RolesInfoCommand()));
    commands.addAll(extra);
    registry.set(CommandRegistry.of(commands));
    return registry.get();
  }
}
