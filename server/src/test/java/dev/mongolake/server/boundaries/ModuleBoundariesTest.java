package dev.mongolake.server.boundaries;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The boundaries DESIGN.md sets between the modules, as rules over the compiled classes (ArchUnit,
 * rather than JPMS modules, because the test classpath and the distribution's flat {@code lib/}
 * stay as they are): the server uses only the engine's public API, and no public type of the
 * engine's API shows an internal type in a public signature.
 */
class ModuleBoundariesTest {

  private static final JavaClasses PRODUCT =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.mongolake");

  private static final DescribedPredicate<JavaClass> INTERNAL =
      DescribedPredicate.describe(
          "are internal", type -> type.getPackageName().contains(".internal"));

  @Test
  void theServerUsesOnlyTheEnginesPublicApi() {
    noClasses()
        .that()
        .resideInAPackage("dev.mongolake.server..")
        .should()
        .dependOnClassesThat(INTERNAL)
        .because("the server is a client of the engine's public API (DESIGN.md, modules)")
        .check(PRODUCT);
  }

  @Test
  void noPublicSignatureOfTheEnginesApiNamesAnInternalType() {
    ArchRuleDefinition.classes()
        .that()
        .resideInAnyPackage("dev.mongolake", "dev.mongolake.aggregate", "dev.mongolake.update")
        .and()
        .arePublic()
        .should(exposeNoInternalType())
        .check(PRODUCT);
  }

  private static ArchCondition<JavaClass> exposeNoInternalType() {
    return new ArchCondition<>("expose no internal type in a public signature") {
      @Override
      public void check(JavaClass type, ConditionEvents events) {
        Stream.<JavaMember>concat(type.getMethods().stream(), type.getConstructors().stream())
            .filter(member -> member.getModifiers().contains(JavaModifier.PUBLIC))
            .forEach(
                member -> {
                  Stream<JavaClass> named =
                      Stream.concat(
                          member instanceof com.tngtech.archunit.core.domain.JavaCodeUnit unit
                              ? unit.getRawParameterTypes().stream()
                              : Stream.empty(),
                          member instanceof com.tngtech.archunit.core.domain.JavaMethod method
                              ? Stream.of(method.getRawReturnType())
                              : Stream.empty());
                  named
                      .filter(INTERNAL)
                      .forEach(
                          internal ->
                              events.add(
                                  SimpleConditionEvent.violated(
                                      member,
                                      member.getFullName() + " names " + internal.getName())));
                });
        type.getFields().stream()
            .filter(field -> field.getModifiers().contains(JavaModifier.PUBLIC))
            .filter(field -> INTERNAL.test(field.getRawType()))
            .forEach(
                field ->
                    events.add(
                        SimpleConditionEvent.violated(
                            field,
                            field.getFullName() + " is of type " + field.getRawType().getName())));
      }
    };
  }
}
