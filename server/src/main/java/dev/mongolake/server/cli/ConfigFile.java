package dev.mongolake.server.cli;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.server.logging.LogFormat;
import dev.mongolake.server.logging.LogLevel;
import dev.mongolake.server.net.ConnectionThreads;
import java.nio.file.Path;

/**
 * The settings a config file gives ({@code mongolake dev|serve --config FILE}), each {@code null}
 * when the file leaves it out. Read by {@link ConfigFileReader}; a flag given on the command line
 * wins over the file, which wins over the defaults.
 *
 * @param port {@code net.port}
 * @param bindIp {@code net.bindIp}
 * @param httpPort {@code net.http.port} (-1: no REST API)
 * @param tlsCertificateFile {@code net.tls.certificateFile}
 * @param tlsKeyFile {@code net.tls.keyFile}
 * @param connectionThreads {@code net.connectionThreads}
 * @param dbPath {@code storage.dbPath}
 * @param tables {@code storage.tables}
 * @param durability {@code storage.durability}
 * @param authorization {@code security.authorization} ({@code enabled}: true)
 * @param logLevel {@code systemLog.level}, or what {@code systemLog.verbosity} says
 * @param logFormat {@code systemLog.format}
 * @param logPath {@code systemLog.path}
 * @param replSetName {@code replication.replSetName}
 * @param advertiseHost {@code replication.advertiseHost}
 * @param sessionTimeoutMinutes {@code setParameter.localLogicalSessionTimeoutMinutes}
 * @param icebergMetadata {@code storage.icebergMetadata} ({@code --iceberg-metadata})
 * @param deletionVectors {@code storage.deletionVectors} ({@code --deletion-vectors})
 * @param autoPromote {@code storage.autoPromote}: a threshold ({@code --auto-promote}) or {@code
 *     false} ({@link AutoPromote#OFF}, {@code --no-auto-promote})
 * @param changeDataFeed {@code storage.changeDataFeed} ({@code --change-data-feed})
 * @param vacuumRetentionHours {@code storage.vacuumRetentionHours} ({@code
 *     --vacuum-retention-hours})
 * @param historyWindowSeconds {@code setParameter.minSnapshotHistoryWindowInSeconds} ({@code
 *     --history-window-seconds})
 * @param transactionLifetimeSeconds {@code setParameter.transactionLifetimeLimitSeconds} ({@code
 *     --transaction-lifetime-seconds})
 */
record ConfigFile(
    Integer port,
    String bindIp,
    Integer httpPort,
    Path tlsCertificateFile,
    Path tlsKeyFile,
    ConnectionThreads connectionThreads,
    Path dbPath,
    String tables,
    Durability durability,
    Boolean authorization,
    LogLevel logLevel,
    LogFormat logFormat,
    Path logPath,
    String replSetName,
    String advertiseHost,
    Integer sessionTimeoutMinutes,
    Boolean icebergMetadata,
    Boolean deletionVectors,
    AutoPromote autoPromote,
    Boolean changeDataFeed,
    Integer vacuumRetentionHours,
    Integer historyWindowSeconds,
    Integer transactionLifetimeSeconds) {}
