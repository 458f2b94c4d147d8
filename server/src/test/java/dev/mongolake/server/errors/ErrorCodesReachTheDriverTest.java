package dev.mongolake.server.errors;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.mongolake.ErrorCode;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every error code the filter, update and aggregation layers raise reaches the Java driver as that
 * code and MongoDB's codeName for it.
 *
 * <p>The cases live in {@code error-walk/*.json} (one file per layer): each names the {@link
 * ErrorCode} constant it expects, the commands that set it up and the command that fails. Which
 * codes a layer raises is read from its compiled classes (every {@code ErrorCode} constant they
 * reference, and for the filter language every {@link QueryErrorCode}), so a code added to a layer
 * without a case here fails {@link #everyCodeALayerRaisesHasACase()}. A code a layer names that no
 * client can provoke is listed in its file with {@code unreachable} and the reason.
 */
class ErrorCodesReachTheDriverTest {

  /** The case files, one per layer. */
  private static final List<String> CASE_FILES =
      List.of(
          "filter.json",
          "update.json",
          "aggregate-stages.json",
          "aggregate-accumulators.json",
          "aggregate-windows.json",
          "aggregate-expressions-a-d.json",
          "aggregate-expressions-e-z.json",
          "collation.json");

  /** The packages of the layers whose codes are walked. */
  private static final List<String> LAYER_PACKAGES =
      List.of("dev.mongolake.delta.query", "dev.mongolake.update", "dev.mongolake.aggregate");

  @TempDir static Path data;
  private static MongoLakeServer server;
  private static MongoClient client;

  @BeforeAll
  static void startServer() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
  }

  @AfterAll
  static void stopServer() {
    client.close();
    server.close();
  }

  @TestFactory
  Stream<DynamicTest> eachCaseFailsWithItsCodeAndCodeNameThroughTheDriver() {
    return cases().stream()
        .filter(walkCase -> !walkCase.unreachable())
        .map(
            walkCase ->
                DynamicTest.dynamicTest(
                    walkCase.file() + ": " + walkCase.error() + " (" + walkCase.why() + ")",
                    () -> assertFailsWithItsCode(walkCase)));
  }

  @Test
  void everyCodeALayerRaisesHasACase() {
    Set<String> covered =
        cases().stream().map(WalkCase::error).collect(Collectors.toCollection(TreeSet::new));
    assertThat(codesTheLayersRaise())
        .as("codes the layers raise without a case in error-walk/")
        .isSubsetOf(covered);
  }

  @Test
  void everyCaseNamesACodeOfTheTable() {
    Set<String> names =
        Arrays.stream(ErrorCode.values()).map(Enum::name).collect(Collectors.toSet());
    assertThat(cases())
        .extracting(WalkCase::error)
        .allSatisfy(name -> assertThat(names).contains(name));
  }

  private static void assertFailsWithItsCode(WalkCase walkCase) {
    ErrorCode expected = ErrorCode.valueOf(walkCase.error());
    MongoDatabase database = client.getDatabase(walkCase.database());
    database.drop();
    for (BsonValue step : walkCase.setup()) {
      BsonDocument reply = database.runCommand(step.asDocument(), BsonDocument.class);
      assertThat(reply.containsKey("writeErrors"))
          .as("setup %s answered %s", step, reply)
          .isFalse();
    }
    BsonDocument reply;
    try {
      reply = database.runCommand(walkCase.command(), BsonDocument.class);
    } catch (MongoCommandException e) {
      assertThat(e.getErrorCode()).as(e.getMessage()).isEqualTo(expected.code());
      assertThat(e.getErrorCodeName()).as(e.getMessage()).isEqualTo(expected.codeName());
      if (walkCase.message() != null) {
        assertThat(e.getErrorMessage()).startsWith(walkCase.message());
      }
      return;
    }
    assertThat(reply.getArray("writeErrors", new BsonArray()))
        .as("%s answered without an error: %s", walkCase.command(), reply)
        .isNotEmpty();
    BsonDocument writeError = reply.getArray("writeErrors").getFirst().asDocument();
    assertThat(writeError.getNumber("code").intValue())
        .as(writeError.toJson())
        .isEqualTo(expected.code());
    if (writeError.containsKey("codeName")) {
      assertThat(writeError.getString("codeName").getValue()).isEqualTo(expected.codeName());
    }
    if (walkCase.message() != null) {
      assertThat(writeError.getString("errmsg").getValue()).startsWith(walkCase.message());
    }
  }

  /** The ErrorCode constants the layers' compiled classes name; query codes by their number. */
  private static Set<String> codesTheLayersRaise() {
    JavaClasses layers =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(LAYER_PACKAGES);
    Set<String> codes = new TreeSet<>();
    // The filter language's codes are its own table, which lives with deltalake's exceptions.
    for (QueryErrorCode code : QueryErrorCode.values()) {
      codes.add(byNumber(code.code()).name());
    }
    for (JavaClass type : layers) {
      if (LAYER_PACKAGES.stream().noneMatch(layer -> type.getPackageName().startsWith(layer))) {
        continue;
      }
      for (JavaFieldAccess access : type.getFieldAccessesFromSelf()) {
        String owner = access.getTarget().getOwner().getName();
        String name = access.getTarget().getName();
        if (owner.equals(ErrorCode.class.getName()) && isConstant(ErrorCode.class, name)) {
          codes.add(name);
        }
      }
    }
    return codes;
  }

  private static boolean isConstant(Class<? extends Enum<?>> type, String name) {
    return Arrays.stream(type.getEnumConstants())
        .anyMatch(constant -> constant.name().equals(name));
  }

  private static ErrorCode byNumber(int code) {
    return Arrays.stream(ErrorCode.values())
        .filter(candidate -> candidate.code() == code)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no ErrorCode with the number " + code));
  }

  private static List<WalkCase> cases() {
    List<WalkCase> cases = new ArrayList<>();
    for (String file : CASE_FILES) {
      for (BsonValue entry : BsonArray.parse(resource("/error-walk/" + file))) {
        cases.add(WalkCase.of(file, entry.asDocument()));
      }
    }
    return cases;
  }

  private static String resource(String name) {
    try (InputStream in = ErrorCodesReachTheDriverTest.class.getResourceAsStream(name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError(name, e);
    }
  }

  /**
   * One case: the constant it expects, why the command fails, the commands before it, the command,
   * and the database they run in ({@code walk} unless named), and where given the start of
   * MongoDB's message; or a code no client can provoke.
   */
  private record WalkCase(
      String file,
      String error,
      String why,
      String database,
      List<BsonValue> setup,
      BsonDocument command,
      boolean unreachable,
      String message) {

    static WalkCase of(String file, BsonDocument entry) {
      boolean unreachable = entry.containsKey("unreachable");
      return new WalkCase(
          file,
          entry.getString("error").getValue(),
          unreachable
              ? entry.getString("unreachable").getValue()
              : entry.getString("why").getValue(),
          entry.getString("db", new org.bson.BsonString("walk")).getValue(),
          entry.getArray("setup", new BsonArray()).getValues(),
          unreachable ? new BsonDocument() : entry.getDocument("command"),
          unreachable,
          entry.containsKey("message") ? entry.getString("message").getValue() : null);
    }
  }
}
