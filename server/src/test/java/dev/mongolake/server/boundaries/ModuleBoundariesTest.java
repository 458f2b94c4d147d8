package dev.mongolake.server.boundaries;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

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
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The boundaries DESIGN.md sets between the modules, as rules over the compiled classes (ArchUnit,
 * rather than JPMS modules, because the test classpath and the distribution's flat {@code lib/}
 * stay as they are): the server uses only the engine's public API, no public type of the engine's
 * API shows an internal type in a public signature, and no package cycles.
 *
 * <p>"No package cycles" is checked at two granularities, because one package per slice would
 * forbid the dependency every API package has with its own implementation: the API's entry points
 * create internal objects ({@code Daktilo.open}, {@code DeltaTable}, {@code MongoLake}) and the
 * internal code implements and throws the API's types. So:
 *
 * <ul>
 *   <li>A <em>component</em> is an API package together with its {@code internal} subtree ({@code
 *       dev.mongolake.delta.query} with {@code dev.mongolake.delta.query.internal.**}); every other
 *       package is a component of its own ({@code dev.mongolake.delta.query.ast}, {@code
 *       dev.mongolake.server.command}). Components must form a DAG.
 *   <li>The internal packages, each a slice of its own, must form a DAG among themselves: inside a
 *       component, internal code may use the component's API, but no two internal packages depend
 *       on each other in a loop.
 * </ul>
 *
 * <p>One component spans three API packages: the engine's {@code dev.mongolake}, {@code
 * dev.mongolake.aggregate} and {@code dev.mongolake.update}. Their public signatures name each
 * other ({@code MongoLakeCollection.parsePipeline} returns a {@code Pipeline}, {@code
 * AggregationEnvironment} hands out a {@code MongoLakeDatabase}, {@code Update.parse} takes an
 * {@code AggregationEnvironment}), and all of them throw the root's {@code MongoLakeException};
 * separating them would change the engine's public API. Their internal packages are still checked
 * one by one.
 */
class ModuleBoundariesTest {

  private static final JavaClasses PRODUCT =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          // Other modules' test helpers come as test jars once those modules are packaged.
          .withImportOption(location -> !location.contains("-tests.jar"))
          .importPackages("dev.mongolake");

  /** The engine's API packages, one component (see the class comment). */
  private static final Set<String> ENGINE_API =
      Set.of("dev.mongolake", "dev.mongolake.aggregate", "dev.mongolake.update");

  private static final DescribedPredicate<JavaClass> INTERNAL =
      DescribedPredicate.describe(
          "are internal", type -> type.getPackageName().contains(".internal"));

  /** Components: an API package with its internal subtree, the engine's API as one. */
  private static final SliceAssignment COMPONENTS =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass type) {
          String name = type.getPackageName();
          if (!name.startsWith("dev.mongolake")) {
            return SliceIdentifier.ignore();
          }
          String api = apiPackageOf(name);
          return SliceIdentifier.of(ENGINE_API.contains(api) ? "dev.mongolake" : api);
        }

        @Override
        public String getDescription() {
          return "components (an API package with its internal subtree)";
        }
      };

  /** Every internal package on its own; the other packages are left out. */
  private static final SliceAssignment INTERNAL_PACKAGES =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass type) {
          String name = type.getPackageName();
          return name.startsWith("dev.mongolake") && !apiPackageOf(name).equals(name)
              ? SliceIdentifier.of(name)
              : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
          return "internal packages";
        }
      };

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

  @Test
  void componentsDependOnEachOtherWithoutCycles() {
    slices()
        .assignedFrom(COMPONENTS)
        .should()
        .beFreeOfCycles()
        .because("the components' dependencies form a DAG (DESIGN.md, modules)")
        .check(PRODUCT);
  }

  @Test
  void internalPackagesDependOnEachOtherWithoutCycles() {
    slices()
        .assignedFrom(INTERNAL_PACKAGES)
        .should()
        .beFreeOfCycles()
        .because("implementation packages form a DAG under their API (DESIGN.md, modules)")
        .check(PRODUCT);
  }

  /** The package itself, or for an internal package the API package its subtree hangs under. */
  private static String apiPackageOf(String name) {
    if (name.endsWith(".internal")) {
      return name.substring(0, name.length() - ".internal".length());
    }
    int internal = name.indexOf(".internal.");
    return internal < 0 ? name : name.substring(0, internal);
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
