package dev.mongolake;

import java.util.Set;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;

/**
 * How a change stream opens ({@code $changeStream}'s options): which document update events carry,
 * and where the stream starts. At most one of {@code resumeAfter}, {@code startAfter} and {@code
 * startAtOperationTime} is set; with none the stream starts at the newest durable write. Pre- and
 * post-images ({@code fullDocumentBeforeChange}, {@code fullDocument} {@code whenAvailable} and
 * {@code required}) come from the log records of collections with {@code
 * changeStreamPreAndPostImages} enabled. With {@code showExpandedEvents} the stream also shows
 * {@code create}, {@code createIndexes}, {@code dropIndexes} and {@code modify} events, and events
 * carry {@code collectionUUID}.
 *
 * @param fullDocument what update events carry as {@code fullDocument}
 * @param fullDocumentBeforeChange what update, replace and delete events carry as {@code
 *     fullDocumentBeforeChange}
 * @param resumeAfter a resume token to start after, or null
 * @param startAfter a resume token to start after, also an invalidate's, or null
 * @param startAtOperationTime a log time to start at, or null
 * @param allChangesForCluster whether the stream watches the whole deployment (on {@code admin})
 * @param showExpandedEvents whether the stream shows catalog events and collection UUIDs
 */
public record ChangeStreamOptions(
    FullDocument fullDocument,
    FullDocumentBeforeChange fullDocumentBeforeChange,
    BsonDocument resumeAfter,
    BsonDocument startAfter,
    BsonTimestamp startAtOperationTime,
    boolean allChangesForCluster,
    boolean showExpandedEvents) {

  /** Options without expanded events. */
  public ChangeStreamOptions(
      FullDocument fullDocument,
      FullDocumentBeforeChange fullDocumentBeforeChange,
      BsonDocument resumeAfter,
      BsonDocument startAfter,
      BsonTimestamp startAtOperationTime,
      boolean allChangesForCluster) {
    this(
        fullDocument,
        fullDocumentBeforeChange,
        resumeAfter,
        startAfter,
        startAtOperationTime,
        allChangesForCluster,
        false);
  }

  /** What update events carry as {@code fullDocument}. */
  public enum FullDocument {
    /** None: insert and replace events carry the document, update events do not. */
    DEFAULT,
    /** The document as it is when the event is read, or null once it is gone. */
    UPDATE_LOOKUP,
    /** The document as the update left it (its post-image) where the collection keeps images. */
    WHEN_AVAILABLE,
    /** As {@link #WHEN_AVAILABLE}, an event without a post-image failing the stream. */
    REQUIRED
  }

  /** What update, replace and delete events carry as {@code fullDocumentBeforeChange}. */
  public enum FullDocumentBeforeChange {
    /** Nothing. */
    OFF,
    /** The document as it was before the change, or null where the collection kept no image. */
    WHEN_AVAILABLE,
    /** As {@link #WHEN_AVAILABLE}, an event without a pre-image failing the stream. */
    REQUIRED
  }

  /** Options without pre-images. */
  public ChangeStreamOptions(
      FullDocument fullDocument,
      BsonDocument resumeAfter,
      BsonDocument startAfter,
      BsonTimestamp startAtOperationTime,
      boolean allChangesForCluster) {
    this(
        fullDocument,
        FullDocumentBeforeChange.OFF,
        resumeAfter,
        startAfter,
        startAtOperationTime,
        allChangesForCluster);
  }

  private static final Set<String> FIELDS =
      Set.of(
          "fullDocument",
          "fullDocumentBeforeChange",
          "resumeAfter",
          "startAfter",
          "startAtOperationTime",
          "showExpandedEvents",
          "showSystemEvents",
          "allChangesForCluster");

  /**
   * The options of a stream that starts now.
   *
   * @throws MongoLakeException Location40674 when more than one start is given
   */
  public ChangeStreamOptions {
    int starts =
        (resumeAfter != null ? 1 : 0)
            + (startAfter != null ? 1 : 0)
            + (startAtOperationTime != null ? 1 : 0);
    if (starts > 1) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40674,
          "Only one type of resume option is allowed, but multiple were found.");
    }
  }

  /** A stream on the newest writes, update events without the document. */
  public static ChangeStreamOptions defaults() {
    return new ChangeStreamOptions(FullDocument.DEFAULT, null, null, null, false);
  }

  /** The same options, update events carrying {@code fullDocument}. */
  public ChangeStreamOptions withFullDocument(FullDocument mode) {
    return new ChangeStreamOptions(
        mode,
        fullDocumentBeforeChange,
        resumeAfter,
        startAfter,
        startAtOperationTime,
        allChangesForCluster,
        showExpandedEvents);
  }

  /** The same options, update, replace and delete events carrying the document before. */
  public ChangeStreamOptions withFullDocumentBeforeChange(FullDocumentBeforeChange mode) {
    return new ChangeStreamOptions(
        fullDocument,
        mode,
        resumeAfter,
        startAfter,
        startAtOperationTime,
        allChangesForCluster,
        showExpandedEvents);
  }

  /** The same options, starting after {@code token}. */
  public ChangeStreamOptions withResumeAfter(BsonDocument token) {
    return new ChangeStreamOptions(
        fullDocument,
        fullDocumentBeforeChange,
        token,
        null,
        null,
        allChangesForCluster,
        showExpandedEvents);
  }

  /** The same options, starting at {@code time}. */
  public ChangeStreamOptions withStartAtOperationTime(BsonTimestamp time) {
    return new ChangeStreamOptions(
        fullDocument,
        fullDocumentBeforeChange,
        null,
        null,
        time,
        allChangesForCluster,
        showExpandedEvents);
  }

  /** The same options, showing expanded events ({@code showExpandedEvents}) or not. */
  public ChangeStreamOptions withShowExpandedEvents(boolean show) {
    return new ChangeStreamOptions(
        fullDocument,
        fullDocumentBeforeChange,
        resumeAfter,
        startAfter,
        startAtOperationTime,
        allChangesForCluster,
        show);
  }

  /**
   * Reads {@code $changeStream}'s specification.
   *
   * @throws MongoLakeException IDLUnknownField for an unknown option, TypeMismatch for a value of
   *     the wrong type, BadValue for an unknown {@code fullDocument}, NotImplemented for {@code
   *     showSystemEvents: true}
   */
  public static ChangeStreamOptions parse(BsonDocument spec) {
    for (String name : spec.keySet()) {
      if (!FIELDS.contains(name)) {
        throw new MongoLakeException(
            ErrorCode.IDL_UNKNOWN_FIELD,
            "BSON field '$changeStream." + name + "' is an unknown field.");
      }
    }
    FullDocument fullDocument = FullDocument.DEFAULT;
    String mode = string(spec, "fullDocument", "default");
    switch (mode) {
      case "default" -> fullDocument = FullDocument.DEFAULT;
      case "updateLookup" -> fullDocument = FullDocument.UPDATE_LOOKUP;
      case "whenAvailable" -> fullDocument = FullDocument.WHEN_AVAILABLE;
      case "required" -> fullDocument = FullDocument.REQUIRED;
      default ->
          throw new MongoLakeException(
              ErrorCode.BAD_VALUE,
              "Enumeration value '"
                  + mode
                  + "' for field '$changeStream.fullDocument' is not a valid value.");
    }
    String before = string(spec, "fullDocumentBeforeChange", "off");
    FullDocumentBeforeChange beforeChange =
        switch (before) {
          case "off" -> FullDocumentBeforeChange.OFF;
          case "whenAvailable" -> FullDocumentBeforeChange.WHEN_AVAILABLE;
          case "required" -> FullDocumentBeforeChange.REQUIRED;
          default ->
              throw new MongoLakeException(
                  ErrorCode.BAD_VALUE,
                  "Enumeration value '"
                      + before
                      + "' for field '$changeStream.fullDocumentBeforeChange' is not a valid"
                      + " value.");
        };
    if (bool(spec, "showSystemEvents")) {
      // Events of system collections (system.*), which streams here never watch.
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "Cannot open a change stream with showSystemEvents: it is not supported by this server");
    }
    return new ChangeStreamOptions(
        fullDocument,
        beforeChange,
        document(spec, "resumeAfter"),
        document(spec, "startAfter"),
        timestamp(spec),
        bool(spec, "allChangesForCluster"),
        bool(spec, "showExpandedEvents"));
  }

  private static String string(BsonDocument spec, String name, String otherwise) {
    BsonValue value = spec.get(name);
    if (value == null) {
      return otherwise;
    }
    if (value instanceof BsonString text) {
      return text.getValue();
    }
    throw typeMismatch(name, value, "string");
  }

  private static boolean bool(BsonDocument spec, String name) {
    BsonValue value = spec.get(name);
    if (value == null) {
      return false;
    }
    if (value instanceof BsonBoolean flag) {
      return flag.getValue();
    }
    throw typeMismatch(name, value, "bool");
  }

  private static BsonDocument document(BsonDocument spec, String name) {
    BsonValue value = spec.get(name);
    if (value == null) {
      return null;
    }
    if (value.isDocument()) {
      return value.asDocument();
    }
    throw typeMismatch(name, value, "object");
  }

  private static BsonTimestamp timestamp(BsonDocument spec) {
    BsonValue value = spec.get("startAtOperationTime");
    if (value == null) {
      return null;
    }
    if (value.isTimestamp()) {
      return value.asTimestamp();
    }
    throw typeMismatch("startAtOperationTime", value, "timestamp");
  }

  private static MongoLakeException typeMismatch(String name, BsonValue value, String expected) {
    return new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "BSON field '$changeStream."
            + name
            + "' is the wrong type '"
            + value.getBsonType().name().toLowerCase(java.util.Locale.ROOT)
            + "', expected type '"
            + expected
            + "'");
  }
}
