package dev.mongolake.update.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FieldNameOrderTest {
  @Test
  void numericNamesSortNumericallyOthersLexicographically() {
    List<UpdatePath> paths = new ArrayList<>();
    for (String p : List.of("a.10", "b", "a.2", "a.x", "A", "a.02")) {
      paths.add(UpdatePath.parse(p));
    }
    paths.sort(FieldNameOrder.INSTANCE);
    assertThat(paths)
        .extracting(UpdatePath::dotted)
        .containsExactly("A", "a.02", "a.2", "a.10", "a.x", "b");
  }

  @Test
  void aParentSortsBeforeItsChildren() {
    assertThat(FieldNameOrder.INSTANCE.compare(UpdatePath.parse("a"), UpdatePath.parse("a.b")))
        .isNegative();
  }
}
