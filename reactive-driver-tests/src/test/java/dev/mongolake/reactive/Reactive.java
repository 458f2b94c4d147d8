package dev.mongolake.reactive;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoClients;
import java.time.Duration;
import java.util.List;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Blocking reads of the driver's publishers on the test thread, so that a result, or the error a
 * publisher signalled, reaches the test's assertions; every wait is bounded by {@link #TIMEOUT}.
 */
final class Reactive {

  /** The longest any one driver call may take in these tests. */
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  private Reactive() {}

  /**
   * A Reactive Streams client of {@code server} whose change-stream openings {@code openings}
   * counts.
   */
  static MongoClient client(ServerProcess server, StreamOpenings openings) {
    return MongoClients.create(
        MongoClientSettings.builder()
            .applyConnectionString(new ConnectionString(server.connectionString()))
            .addCommandListener(openings)
            .build());
  }

  /** The one value {@code publisher} emits (null for a {@code Publisher<Void>}), or its error. */
  static <T> T one(Publisher<T> publisher) {
    return Mono.from(publisher).block(TIMEOUT);
  }

  /** Every value {@code publisher} emits until it completes, or its error. */
  static <T> List<T> all(Publisher<T> publisher) {
    return Flux.from(publisher).collectList().block(TIMEOUT);
  }
}
