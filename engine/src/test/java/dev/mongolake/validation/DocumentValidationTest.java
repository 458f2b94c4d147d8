package dev.mongolake.validation;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.UpdateOptions;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeWriteException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Collection validators: what they check, when, and how a failing write is answered. */
class DocumentValidationTest {

  private static final String STUDENTS =
      "{validator: {$jsonSchema: {bsonType: 'object', title: 'Student Object Validation',"
          + " required: ['name', 'year'], properties: {name: {bsonType: 'string'},"
          + " year: {bsonType: 'int', minimum: 2017}, gpa: {bsonType: ['double'],"
          + " description: 'must be a double if the field exists'}}}}}";

  @TempDir Path root;
  @TempDir Path crashCopies;
  private ValidatedLake lake;

  @BeforeEach
  void open() {
    lake = new ValidatedLake(root, crashCopies);
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private MongoLakeDatabase db() {
    return lake.lake().db("school");
  }

  private MongoLakeCollection<Document> students() {
    return db().collection("students");
  }

  private static Document student(int id, Object year) {
    return new Document("_id", id).append("name", "n" + id).append("year", year);
  }

  private static MongoLakeException singleFailure(Runnable write) {
    try {
      write.run();
    } catch (MongoLakeWriteException e) {
      return e.errors().getFirst().toException();
    } catch (MongoLakeException e) {
      return e;
    }
    throw new AssertionError("the write succeeded");
  }

  @Test
  void insertFailingTheSchemaIsRefusedWithMongoDbsErrInfo() {
    db().createCollection("students", BsonDocument.parse(STUDENTS));

    MongoLakeException failure =
        singleFailure(() -> students().insertOne(student(1, 2019).append("gpa", 3)));

    assertThat(failure.errorCode()).isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE);
    assertThat(failure.getMessage()).isEqualTo("Document failed validation");
    assertThat(failure.errorInfo().toJson())
        .isEqualTo(
            BsonDocument.parse(
                    "{errInfo: {failingDocumentId: 1, details: {operatorName: '$jsonSchema',"
                        + " title: 'Student Object Validation', schemaRulesNotSatisfied: ["
                        + "{operatorName: 'properties', propertiesNotSatisfied: [{propertyName:"
                        + " 'gpa', description: 'must be a double if the field exists', details:"
                        + " [{operatorName: 'bsonType', specifiedAs: {bsonType: ['double']},"
                        + " reason: 'type did not match', consideredValue: 3, consideredType:"
                        + " 'int'}]}]}]}}}")
                .toJson());
    assertThat(students().countDocuments()).isZero();
  }

  @Test
  void queryOperatorValidatorChecksInsertsUpdatesReplacementsAndUpserts() {
    db().createCollection("items", BsonDocument.parse("{validator: {qty: {$gte: 0}}}"));
    MongoLakeCollection<Document> items = db().collection("items");
    items.insertOne(new Document("_id", 1).append("qty", 5));

    assertThat(
            singleFailure(() -> items.insertOne(new Document("_id", 2).append("qty", -1)))
                .errorCode())
        .isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE);
    MongoLakeException update = singleFailure(() -> items.updateOne(eq("_id", 1), set("qty", -3)));
    assertThat(update.errorInfo().getDocument("errInfo").toJson())
        .isEqualTo(
            BsonDocument.parse(
                    "{failingDocumentId: 1, details: {operatorName: '$gte', specifiedAs: {qty:"
                        + " {$gte: 0}}, reason: 'comparison failed', consideredValue: -3}}")
                .toJson());
    assertThat(
            singleFailure(() -> items.replaceOne(eq("_id", 1), new Document("qty", "many")))
                .errorCode())
        .isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE);
    assertThat(
            singleFailure(
                    () ->
                        items.updateOne(
                            eq("_id", 9), set("qty", -1), new UpdateOptions().upsert(true)))
                .errorCode())
        .isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE);
    assertThat(
            singleFailure(
                    () ->
                        items.findOneAndUpdate(
                            eq("_id", 1), set("qty", -2), new FindOneAndUpdateOptions()))
                .getMessage())
        .isEqualTo(
            "Plan executor error during findAndModify :: caused by :: Document failed validation");
    items.updateOne(eq("_id", 1), set("qty", 7));
    assertThat(items.find().into(new ArrayList<>()))
        .containsExactly(new Document("_id", 1).append("qty", 7));
  }

  @Test
  void unorderedInsertWritesTheValidDocumentsAndReportsTheOthersByIndex() {
    db().createCollection("items", BsonDocument.parse("{validator: {qty: {$type: 'int'}}}"));
    MongoLakeCollection<Document> items = db().collection("items");

    assertThatThrownBy(
            () ->
                items.insertMany(
                    List.of(
                        new Document("_id", 1).append("qty", 1),
                        new Document("_id", 2).append("qty", "x"),
                        new Document("_id", 3).append("qty", 3)),
                    new InsertManyOptions().ordered(false)))
        .isInstanceOfSatisfying(
            MongoLakeWriteException.class,
            e -> {
              assertThat(e.errors()).hasSize(1);
              assertThat(e.errors().getFirst().index()).isEqualTo(1);
              assertThat(e.errors().getFirst().code())
                  .isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE);
            });
    assertThat(items.countDocuments()).isEqualTo(2);
  }

  @Test
  void moderateLevelSkipsUpdatesOfDocumentsThatDidNotMatchBefore() {
    db().createCollection("students");
    students().insertMany(List.of(student(1, 2019), student(2, 1999)));
    db().modifyCollection(
            "students",
            BsonDocument.parse(STUDENTS)
                .append("validationLevel", new org.bson.BsonString("moderate")));

    // Student 2 never matched: its updates are not checked.
    students().updateOne(eq("_id", 2), set("year", 1998));
    // Student 1 matched: an update that breaks the schema is refused.
    assertThat(
            singleFailure(() -> students().updateOne(eq("_id", 1), set("year", 1990))).errorCode())
        .isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE);
    // Inserts are always checked.
    assertThat(singleFailure(() -> students().insertOne(student(3, 1990))).errorCode())
        .isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE);
    assertThat(students().find(eq("_id", 2)).first().getInteger("year")).isEqualTo(1998);
  }

  @Test
  void levelOffAndActionWarnLetFailingDocumentsIn() {
    db().createCollection(
            "off", BsonDocument.parse("{validator: {a: {$gt: 0}}, validationLevel: 'off'}"));
    db().createCollection(
            "warned", BsonDocument.parse("{validator: {a: {$gt: 0}}, validationAction: 'warn'}"));

    db().collection("off").insertOne(new Document("a", -1));
    db().collection("warned").insertOne(new Document("a", -1));
    db().collection("warned").updateOne(eq("a", -1), set("a", -2));

    assertThat(db().collection("off").countDocuments()).isEqualTo(1);
    assertThat(db().collection("warned").countDocuments(eq("a", -2))).isEqualTo(1);
  }

  @Test
  void bypassDocumentValidationSkipsTheValidator() {
    db().createCollection("items", BsonDocument.parse("{validator: {qty: {$gte: 0}}}"));
    MongoLakeCollection<Document> items = db().collection("items");

    items.insertMany(
        List.of(new Document("_id", 1).append("qty", -1)),
        new InsertManyOptions().bypassDocumentValidation(true));
    items.updateOne(
        eq("_id", 1), set("qty", -2), new UpdateOptions().bypassDocumentValidation(true));
    items.bypassingDocumentValidation().insertOne(new Document("_id", 2).append("qty", -5));

    assertThat(items.countDocuments()).isEqualTo(2);
    assertThat(
            singleFailure(() -> items.insertOne(new Document("_id", 3).append("qty", -1)))
                .errorCode())
        .isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE);
  }

  @Test
  void collModReplacesTheValidationAndLaterWritesFollowIt() {
    db().createCollection("items", BsonDocument.parse("{validator: {qty: {$gte: 0}}}"));
    db().modifyCollection("items", BsonDocument.parse("{validator: {qty: {$type: 'string'}}}"));
    MongoLakeCollection<Document> items = db().collection("items");

    items.insertOne(new Document("qty", "-1"));
    assertThat(singleFailure(() -> items.insertOne(new Document("qty", 1))).errorCode())
        .isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE);
    db().modifyCollection("items", BsonDocument.parse("{validator: {}}"));
    items.insertOne(new Document("qty", 1));

    assertThat(db().collectionOptions("items")).contains(BsonDocument.parse("{validator: {}}"));
  }

  @Test
  void optionsSurviveARestartAfterTheLogIsTrimmed() {
    db().createCollection("students", BsonDocument.parse(STUDENTS));
    db().modifyCollection("students", BsonDocument.parse("{validationAction: 'error'}"));
    BsonDocument expected =
        BsonDocument.parse(STUDENTS).append("validationAction", new org.bson.BsonString("error"));

    lake.restart();

    assertThat(db().collectionOptions("students")).contains(expected);
    assertThat(singleFailure(() -> students().insertOne(student(1, 2000))).errorCode())
        .isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE);
    db().modifyCollection("students", BsonDocument.parse("{validationLevel: 'off'}"));
    lake.restart();
    students().insertOne(student(1, 2000));
    assertThat(
            db().collectionOptions("students")
                .orElseThrow()
                .getString("validationLevel")
                .getValue())
        .isEqualTo("off");
  }

  @Test
  void optionsSetAfterTheLastFlushAreReplayedFromTheLogAfterACrash() throws Exception {
    db().createCollection("items");
    db().collection("items").insertOne(new Document("qty", 1));
    lake.lake().flush();
    db().modifyCollection("items", BsonDocument.parse("{validator: {qty: {$gte: 0}}}"));

    lake.crashAndRestart();

    assertThat(db().collectionOptions("items"))
        .contains(BsonDocument.parse("{validator: {qty: {$gte: 0}}}"));
    assertThat(
            singleFailure(() -> db().collection("items").insertOne(new Document("qty", -1)))
                .errorCode())
        .isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE);
  }

  @Test
  void exprValidatorSeesTheDocumentAndNow() {
    db().createCollection(
            "orders",
            BsonDocument.parse(
                "{validator: {$expr: {$and: [{$eq: ['$totalWithVAT', {$multiply: ['$total',"
                    + " {$sum: [1, '$VAT']}]}]}, {$lte: ['$placed', '$$NOW']}]}}}"));
    MongoLakeCollection<Document> orders = db().collection("orders");
    orders.insertOne(
        Document.parse(
            "{total: 100, VAT: 0.5, totalWithVAT: 150, placed: {$date: '2020-01-01T00:00:00Z'}}"));

    MongoLakeException failure =
        singleFailure(
            () ->
                orders.insertOne(
                    Document.parse(
                        "{_id: 2, total: 141, VAT: 0.20, totalWithVAT: 169, placed: {$date:"
                            + " '2020-01-01T00:00:00Z'}}")));
    assertThat(failure.errorInfo().getDocument("errInfo").getDocument("details").toJson())
        .startsWith("{\"operatorName\": \"$expr\", \"specifiedAs\": {\"$expr\":")
        .endsWith("\"reason\": \"expression did not match\", \"expressionResult\": false}");
  }

  @Test
  void invalidValidationOptionsAreRefusedAsMongoDbRefusesThem() {
    assertRefused(
        "{validator: {$where: 'true'}}",
        ErrorCode.BAD_VALUE,
        "Parsing of collection validator failed :: caused by :: $where is not allowed in this"
            + " context");
    assertRefused(
        "{validator: {$or: [{$text: {$search: 'x'}}]}}",
        ErrorCode.BAD_VALUE,
        "Parsing of collection validator failed :: caused by :: $text is not allowed in this"
            + " context");
    assertRefused(
        "{validator: {loc: {$near: [0, 0]}}}",
        ErrorCode.LOCATION_5626500,
        "Parsing of collection validator failed :: caused by :: $geoNear, $near, and"
            + " $nearSphere are not allowed in this context, as these operators require sorting"
            + " geospatial data. If you do not need sort, consider using $geoWithin instead."
            + " Check out https://dochub.mongodb.org/core/near-sort-operation and"
            + " https://dochub.mongodb.org/core/nearSphere-sort-operationfor more details.");
    assertRefused(
        "{validator: {$jsonSchema: {format: 'x'}}}",
        ErrorCode.FAILED_TO_PARSE,
        "Parsing of collection validator failed :: caused by :: $jsonSchema keyword 'format'"
            + " is not currently supported");
    assertRefused(
        "{validator: {a: {$bogus: 1}}}",
        ErrorCode.BAD_VALUE,
        "Parsing of collection validator failed :: caused by :: unknown operator: $bogus");
    assertRefused(
        "{validationLevel: 'sometimes'}",
        ErrorCode.BAD_VALUE,
        "Enumeration value 'sometimes' for field 'create.validationLevel' is not a valid value.");
    assertRefused(
        "{validationAction: 1}",
        ErrorCode.TYPE_MISMATCH,
        "BSON field 'create.validationAction' is the wrong type 'int', expected type 'string'");
    assertRefused(
        "{validator: 1}",
        ErrorCode.TYPE_MISMATCH,
        "BSON field 'create.validator' is the wrong type 'int', expected type 'object'");
    assertThatThrownBy(
            () ->
                lake.lake()
                    .db("admin")
                    .createCollection("c", BsonDocument.parse("{validator: {a: 1}}")))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e ->
                assertThat(e.getMessage())
                    .isEqualTo(
                        "Document validators are not allowed on collection admin.c in the admin"
                            + " internal database"));
    assertThat(db().listCollectionNames()).isEmpty();
  }

  private void assertRefused(String options, ErrorCode code, String message) {
    assertThatThrownBy(() -> db().createCollection("bad", BsonDocument.parse(options)))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.getMessage()).isEqualTo(message);
              assertThat(e.errorCode()).isEqualTo(code);
            });
  }

  @Test
  void outKeepsTheTargetsValidatorAndValidatesWhatItWrites() {
    db().createCollection("target", BsonDocument.parse("{validator: {qty: {$gte: 0}}}"));
    MongoLakeCollection<Document> source = db().collection("source");
    source.insertMany(List.of(new Document("_id", 1).append("qty", -1)));

    assertThatThrownBy(() -> source.aggregate(List.of(new Document("$out", "target"))).hasNext())
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE));
    source
        .bypassingDocumentValidation()
        .aggregate(List.of(new Document("$out", "target")))
        .hasNext();

    assertThat(db().collection("target").countDocuments()).isEqualTo(1);
    assertThat(db().collectionOptions("target"))
        .contains(BsonDocument.parse("{validator: {qty: {$gte: 0}}}"));
    assertThat(
            singleFailure(() -> db().collection("target").insertOne(new Document("qty", -3)))
                .errorCode())
        .isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE);
  }

  @Test
  void mergeIsValidatedUnlessItBypassesValidation() {
    db().createCollection("target", BsonDocument.parse("{validator: {qty: {$gte: 0}}}"));
    MongoLakeCollection<Document> source = db().collection("source");
    source.insertOne(new Document("_id", 1).append("qty", -1));

    assertThatThrownBy(() -> source.aggregate(List.of(new Document("$merge", "target"))).hasNext())
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DOCUMENT_VALIDATION_FAILURE));
    source
        .bypassingDocumentValidation()
        .aggregate(List.of(new Document("$merge", "target")))
        .hasNext();

    assertThat(db().collection("target").countDocuments()).isEqualTo(1);
  }

  @Test
  void arrayFiltersAndPullRefuseJsonSchema() {
    MongoLakeCollection<Document> items = db().collection("items");
    items.insertOne(new Document("_id", 1).append("a", List.of(new Document("b", 1))));

    assertThatThrownBy(
            () ->
                items.updateOne(
                    eq("_id", 1),
                    new Document("$pull", new Document("a", Document.parse("{$jsonSchema: {}}")))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.QUERY_FEATURE_NOT_ALLOWED);
              assertThat(e.getMessage()).isEqualTo("$jsonSchema is not allowed in this context");
            });
  }

  @Test
  void jsonSchemaFindsTheDocumentsThatMatch() {
    MongoLakeCollection<Document> items = db().collection("items");
    items.insertMany(
        List.of(
            new Document("_id", 1).append("qty", new BsonInt32(1).getValue()),
            new Document("_id", 2).append("qty", 1.5),
            new Document("_id", 3)));
    lake.lake().flush();
    items.insertOne(new Document("_id", 4).append("qty", 2));

    Document schema =
        Document.parse("{$jsonSchema: {required: ['qty'], properties: {qty: {bsonType: 'int'}}}}");
    assertThat(items.find(schema).into(new ArrayList<>()))
        .extracting(d -> d.get("_id"))
        .containsExactlyInAnyOrder(1, 4);
    assertThat(items.countDocuments(schema)).isEqualTo(2);
    List<Object> matched = new ArrayList<>();
    items
        .aggregate(List.of(new Document("$match", schema)))
        .forEachRemaining(d -> matched.add(d.get("_id")));
    assertThat(matched).containsExactlyInAnyOrder(1, 4);
  }
}
