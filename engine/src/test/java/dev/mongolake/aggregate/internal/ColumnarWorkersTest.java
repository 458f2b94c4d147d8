package dev.mongolake.aggregate.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@link ColumnarWorkers#inOrder} hands results over in input order, keeps only a few inputs ahead
 * of the caller, stops when the caller says so, and rethrows a work item's failure on the caller's
 * thread.
 */
class ColumnarWorkersTest {
  private static final List<Integer> INPUTS = IntStream.range(0, 200).boxed().toList();

  @Test
  void resultsComeInInputOrderWithABoundedNumberAhead() {
    AtomicInteger started = new AtomicInteger();
    AtomicInteger mostAhead = new AtomicInteger();
    List<Integer> consumed = new ArrayList<>();

    boolean complete =
        ColumnarWorkers.inOrder(
            INPUTS,
            input -> {
              started.incrementAndGet();
              return input * 2;
            },
            result -> {
              consumed.add(result);
              mostAhead.accumulateAndGet(started.get() - consumed.size(), Math::max);
              return true;
            });

    assertThat(complete).isTrue();
    assertThat(consumed).isEqualTo(INPUTS.stream().map(i -> i * 2).toList());
    assertThat(mostAhead.get()).isLessThanOrEqualTo(2 * Runtime.getRuntime().availableProcessors());
  }

  @Test
  void theCallerCanStopAndAFailureReachesIt() {
    List<Integer> consumed = new ArrayList<>();
    assertThat(
            ColumnarWorkers.inOrder(
                INPUTS,
                input -> input,
                result -> {
                  consumed.add(result);
                  return result < 5;
                }))
        .isFalse();
    assertThat(consumed).containsExactly(0, 1, 2, 3, 4, 5);

    assertThatThrownBy(
            () ->
                ColumnarWorkers.inOrder(
                    INPUTS,
                    input -> {
                      if (input == 7) {
                        throw new IllegalArgumentException("file 7 is damaged");
                      }
                      return input;
                    },
                    result -> true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("file 7 is damaged");
  }
}
