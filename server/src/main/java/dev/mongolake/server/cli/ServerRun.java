package dev.mongolake.server.cli;

import dev.mongolake.server.MongoLakeServer;
import java.util.concurrent.CountDownLatch;

/**
 * Keeps a started server running until the JVM is asked to stop (Ctrl-C, SIGTERM), then closes it:
 * in-flight commands finish and every acknowledged write is durable before the process ends.
 */
final class ServerRun {

  private ServerRun() {}

  static void untilShutdown(MongoLakeServer server) throws InterruptedException {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            Thread.ofPlatform()
                .name("mongolake-shutdown")
                .unstarted(
                    () -> {
                      server.close();
                      stopped.countDown();
                    }));
    stopped.await();
  }
}
