package dev.mongolake.update.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.update.internal.operators.SetHandler;
import dev.mongolake.update.internal.operators.StandardModifiers;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModifierRegistryTest {
  @Test
  void standardRegistryHoldsEveryMongoDbUpdateOperator() {
    assertThat(StandardModifiers.registry().names())
        .containsExactlyInAnyOrder(
            "$set",
            "$unset",
            "$setOnInsert",
            "$inc",
            "$mul",
            "$min",
            "$max",
            "$rename",
            "$currentDate",
            "$push",
            "$addToSet",
            "$pop",
            "$pull",
            "$pullAll",
            "$bit");
  }

  @Test
  void unknownNamesAreAbsent() {
    assertThat(StandardModifiers.registry().find("$foo")).isEmpty();
    assertThat(StandardModifiers.registry().find("set")).isEmpty();
  }

  @Test
  void duplicateNamesAreRefused() {
    assertThatThrownBy(() -> ModifierRegistry.of(List.of(new SetHandler(), new SetHandler())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("duplicate update operator $set");
  }
}
