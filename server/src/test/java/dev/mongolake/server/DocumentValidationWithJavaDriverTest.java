package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.CreateCollectionOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.InsertOneOptions;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.ValidationAction;
import com.mongodb.client.model.ValidationLevel;
import com.mongodb.client.model.ValidationOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Collection validators through the official Java driver: created, listed, changed with {@code
 * collMod}, enforced on every write path with MongoDB's DocumentValidationFailure (121) and {@code
 * errInfo}, bypassed on request, and kept across a restart; {@code $jsonSchema} in queries.
 */
class DocumentValidationWithJavaDriverTest {

  /** The schema of the manual's "Specify JSON Schema Validation" example. */
  private static final String STUDENT_SCHEMA =
      "{$jsonSchema: {bsonType: 'object', title: 'Student Object Validation',"
          + " required: ['address', 'major', 'name', 'year'], properties: {"
          + " name: {bsonType: 'string', description: \"'name' must be a string and is"
          + " required\"},"
          + " year: {bsonType: 'int', minimum: 2017, maximum: 3017, description: \"'year' must"
          + " be an integer in [ 2017, 3017 ] and is required\"},"
          + " gpa: {bsonType: ['double'], description: \"'gpa' must be a double if the field"
          + " exists\"}}}}";

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase db;

  @BeforeEach
  void start() {
    local = LocalServer.start(data, Durability.BATCH);
    db = local.client().getDatabase("school");
  }

  @AfterEach
  void stop() {
    local.close();
  }

  private MongoCollection<Document> createStudents() {
    db.createCollection(
        "students",
        new CreateCollectionOptions()
            .validationOptions(
                new ValidationOptions().validator(BsonDocument.parse(STUDENT_SCHEMA))));
    return db.getCollection("students");
  }

  private static Document alice() {
    return new Document("_id", 1)
        .append("name", "Alice")
        .append("year", 2019)
        .append("major", "History")
        .append("gpa", 3.0)
        .append("address", new Document("city", "NYC").append("street", "33rd Street"));
  }

  @Test
  void theManualsInvalidStudentIsRefusedWithItsErrInfo() {
    MongoCollection<Document> students = createStudents();

    assertThatThrownBy(() -> students.insertOne(alice().append("gpa", 3)))
        .isInstanceOfSatisfying(
            MongoWriteException.class,
            e -> {
              assertThat(e.getError().getCode()).isEqualTo(121);
              assertThat(e.getError().getMessage()).isEqualTo("Document failed validation");
              assertThat(e.getError().getDetails().toJson())
                  .isEqualTo(
                      BsonDocument.parse(
                              "{failingDocumentId: 1, details: {operatorName: '$jsonSchema',"
                                  + " title: 'Student Object Validation',"
                                  + " schemaRulesNotSatisfied: [{operatorName: 'properties',"
                                  + " propertiesNotSatisfied: [{propertyName: 'gpa',"
                                  + " description: \"'gpa' must be a double if the field"
                                  + " exists\", details: [{operatorName: 'bsonType',"
                                  + " specifiedAs: {bsonType: ['double']}, reason: 'type did"
                                  + " not match', consideredValue: 3, consideredType:"
                                  + " 'int'}]}]}]}}")
                          .toJson());
            });
    students.insertOne(alice());
    assertThat(students.countDocuments()).isEqualTo(1);
  }

  @Test
  void everyWritePathIsValidated() {
    MongoCollection<Document> students = createStudents();
    students.insertOne(alice());

    assertThatThrownBy(() -> students.updateOne(eq("_id", 1), set("year", 2000)))
        .isInstanceOfSatisfying(
            MongoWriteException.class, e -> assertThat(e.getError().getCode()).isEqualTo(121));
    assertThatThrownBy(() -> students.replaceOne(eq("_id", 1), new Document("name", "Alice")))
        .isInstanceOfSatisfying(
            MongoWriteException.class, e -> assertThat(e.getError().getCode()).isEqualTo(121));
    assertThatThrownBy(
            () ->
                students.updateOne(
                    eq("_id", 2), set("name", "Bob"), new UpdateOptions().upsert(true)))
        .isInstanceOfSatisfying(
            MongoWriteException.class, e -> assertThat(e.getError().getCode()).isEqualTo(121));
    assertThatThrownBy(() -> students.findOneAndUpdate(eq("_id", 1), set("year", 5)))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(121);
              assertThat(e.getErrorCodeName()).isEqualTo("DocumentValidationFailure");
              assertThat(
                      e.getResponse()
                          .getDocument("errInfo")
                          .getInt32("failingDocumentId")
                          .getValue())
                  .isEqualTo(1);
            });
    assertThatThrownBy(
            () ->
                students.insertMany(
                    List.of(
                        alice().append("_id", 3), new Document("_id", 4), alice().append("_id", 5)),
                    new InsertManyOptions().ordered(false)))
        .isInstanceOfSatisfying(
            MongoBulkWriteException.class,
            e -> {
              assertThat(e.getWriteErrors()).hasSize(1);
              assertThat(e.getWriteErrors().getFirst().getIndex()).isEqualTo(1);
              assertThat(e.getWriteErrors().getFirst().getCode()).isEqualTo(121);
              assertThat(
                      e.getWriteErrors()
                          .getFirst()
                          .getDetails()
                          .getDocument("details")
                          .getArray("schemaRulesNotSatisfied")
                          .getFirst()
                          .asDocument()
                          .getString("operatorName")
                          .getValue())
                  .isEqualTo("required");
            });
    assertThat(students.countDocuments()).isEqualTo(3);
    assertThat(students.find(eq("_id", 1)).first()).isEqualTo(alice());
  }

  @Test
  void listCollectionsShowsTheValidationOptions() {
    db.createCollection(
        "items",
        new CreateCollectionOptions()
            .validationOptions(
                new ValidationOptions()
                    .validator(BsonDocument.parse("{qty: {$gte: 0}}"))
                    .validationLevel(ValidationLevel.MODERATE)
                    .validationAction(ValidationAction.WARN)));

    Document listed = db.listCollections().filter(eq("name", "items")).first();

    assertThat(listed.get("options", Document.class))
        .isEqualTo(
            Document.parse(
                "{validator: {qty: {$gte: 0}}, validationLevel: 'moderate',"
                    + " validationAction: 'warn'}"));
  }

  @Test
  void collModChangesTheValidatorAndTheLevel() {
    MongoCollection<Document> items = db.getCollection("items");
    items.insertOne(new Document("_id", 1).append("qty", -5));
    db.runCommand(
        Document.parse(
            "{collMod: 'items', validator: {qty: {$gte: 0}}, validationLevel: 'moderate'}"));

    // Moderate: the document that did not match before may still be updated.
    items.updateOne(eq("_id", 1), set("qty", -6));
    assertThatThrownBy(() -> items.insertOne(new Document("qty", -1)))
        .isInstanceOfSatisfying(
            MongoWriteException.class, e -> assertThat(e.getError().getCode()).isEqualTo(121));
    db.runCommand(Document.parse("{collMod: 'items', validationLevel: 'strict'}"));
    assertThatThrownBy(() -> items.updateOne(eq("_id", 1), set("qty", -7)))
        .isInstanceOfSatisfying(
            MongoWriteException.class, e -> assertThat(e.getError().getCode()).isEqualTo(121));
    db.runCommand(Document.parse("{collMod: 'items', validationAction: 'warn'}"));
    items.updateOne(eq("_id", 1), set("qty", -7));

    assertThat(db.listCollections().first().get("options", Document.class))
        .isEqualTo(
            Document.parse(
                "{validator: {qty: {$gte: 0}}, validationLevel: 'strict',"
                    + " validationAction: 'warn'}"));
  }

  @Test
  void bypassDocumentValidationSkipsTheValidatorOnEveryWritePath() {
    MongoCollection<Document> students = createStudents();
    MongoCollection<Document> imports = db.getCollection("imports");
    imports.insertOne(new Document("_id", 10).append("name", "partial"));

    students.insertOne(
        new Document("_id", 1), new InsertOneOptions().bypassDocumentValidation(true));
    students.updateOne(
        eq("_id", 1), set("year", 1), new UpdateOptions().bypassDocumentValidation(true));
    students.findOneAndUpdate(
        eq("_id", 1), set("year", 2), new FindOneAndUpdateOptions().bypassDocumentValidation(true));
    imports
        .aggregate(List.of(new Document("$merge", "students")))
        .bypassDocumentValidation(true)
        .toCollection();

    assertThat(students.countDocuments()).isEqualTo(2);
    assertThatThrownBy(
            () -> imports.aggregate(List.of(new Document("$out", "students"))).toCollection())
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(121));
    imports
        .aggregate(List.of(new Document("$out", "students")))
        .bypassDocumentValidation(true)
        .toCollection();
    assertThat(students.find().into(new ArrayList<>()))
        .containsExactly(new Document("_id", 10).append("name", "partial"));
    assertThat(db.listCollections().filter(eq("name", "students")).first().get("options"))
        .isEqualTo(new Document("validator", Document.parse(STUDENT_SCHEMA)));
  }

  @Test
  void invalidValidatorsAreRefusedWithMongoDbsCodes() {
    assertCreateRefused(
        "{create: 'c', validator: {$where: 'this.a > 1'}}",
        2,
        "Parsing of collection validator failed :: caused by :: $where is not allowed in this"
            + " context");
    assertCreateRefused(
        "{create: 'c', validator: {$jsonSchema: {bsonType: 'integer'}}}",
        9,
        "Parsing of collection validator failed :: caused by :: $jsonSchema type 'integer' is"
            + " not currently supported.");
    assertCreateRefused(
        "{create: 'c', validationLevel: 'sometimes'}",
        2,
        "Enumeration value 'sometimes' for field 'create.validationLevel' is not a valid value.");
    assertCreateRefused(
        "{create: 'c', validator: {a: 1}, viewOn: 'x'}",
        72,
        "option not supported on a view: validator");
    db.createCollection("c");
    assertCreateRefused(
        "{collMod: 'c', validationAction: 'explode'}",
        2,
        "Enumeration value 'explode' for field 'collMod.validationAction' is not a valid value.");
    assertCreateRefused(
        "{collMod: 'c', validator: 'x'}",
        14,
        "BSON field 'collMod.validator' is the wrong type 'string', expected type 'object'");
    assertCreateRefused("{collMod: 'nope', validator: {}}", 26, "ns does not exist: school.nope");
  }

  private void assertCreateRefused(String command, int code, String message) {
    assertThatThrownBy(() -> db.runCommand(Document.parse(command)))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorMessage()).isEqualTo(message);
              assertThat(e.getErrorCode()).isEqualTo(code);
            });
  }

  @Test
  void validatorsSurviveARestart() {
    createStudents();
    db.runCommand(Document.parse("{collMod: 'students', validationAction: 'error'}"));
    local.close();
    local = LocalServer.start(data, Durability.BATCH);
    db = local.client().getDatabase("school");

    assertThatThrownBy(() -> db.getCollection("students").insertOne(new Document("_id", 1)))
        .isInstanceOfSatisfying(
            MongoWriteException.class, e -> assertThat(e.getError().getCode()).isEqualTo(121));
    assertThat(db.listCollections().first().get("options", Document.class))
        .isEqualTo(
            Document.parse(
                STUDENT_SCHEMA.replace("{$jsonSchema", "{validator: {$jsonSchema")
                    + ", validationAction: 'error'}"));
  }

  @Test
  void jsonSchemaFindsAndMatchesDocuments() {
    MongoCollection<Document> inventory = db.getCollection("inventory");
    inventory.insertMany(
        List.of(
            Document.parse("{item: 'journal', qty: 25, size: {h: 14.0, uom: 'cm'}, instock: true}"),
            Document.parse("{item: 'paper', qty: 100, size: {h: 8.5, uom: 'in'}, instock: 1}"),
            Document.parse("{item: 'apple', qty: 45, status: 'A', instock: true}")));
    Document schema =
        Document.parse(
            "{$jsonSchema: {required: ['item', 'qty', 'instock'], properties: {item: {bsonType:"
                + " 'string'}, qty: {bsonType: 'int'}, size: {bsonType: 'object', required:"
                + " ['uom'], properties: {uom: {bsonType: 'string'}, h: {bsonType: 'double'}}},"
                + " instock: {bsonType: 'bool'}}}}");

    assertThat(inventory.find(schema).map(d -> d.getString("item")).into(new ArrayList<>()))
        .containsExactly("journal", "apple");
    assertThat(
            inventory
                .find(new Document("$nor", List.of(schema)))
                .map(d -> d.getString("item"))
                .into(new ArrayList<>()))
        .containsExactly("paper");
    assertThat(inventory.countDocuments(schema)).isEqualTo(2);
    assertThat(
            inventory
                .aggregate(List.of(new Document("$match", schema)))
                .map(d -> d.getString("item"))
                .into(new ArrayList<>()))
        .containsExactly("journal", "apple");
    assertThatThrownBy(() -> inventory.find(Document.parse("{$jsonSchema: {$ref: '#'}}")).first())
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(9);
              assertThat(e.getErrorMessage())
                  .isEqualTo("$jsonSchema keyword '$ref' is not currently supported");
            });
  }

  @Test
  void errorAndLogIsRefusedAsMongoDb80RefusesIt() {
    // errorAndLog is new in MongoDB 8.1; 8.0's parser knows only error and warn.
    createStudents();
    for (String command :
        List.of(
            "{create: 'logged', validator: {a: 1}, validationAction: 'errorAndLog'}",
            "{collMod: 'students', validationAction: 'errorAndLog'}")) {
      String name = command.startsWith("{create") ? "create" : "collMod";
      assertThatThrownBy(() -> db.runCommand(Document.parse(command)))
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(2);
                assertThat(e.getErrorMessage())
                    .isEqualTo(
                        "Enumeration value 'errorAndLog' for field '"
                            + name
                            + ".validationAction' is not a valid value.");
              });
    }
  }
}
