package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver, the date operators answer the MongoDB manual's examples: the
 * parts of a date, {@code $dateToString} in zones, {@code $dateFromString}, {@code $dateToParts},
 * {@code $dateFromParts}, {@code $dateAdd}, {@code $dateDiff} and {@code $dateTrunc} under {@code
 * $group}, and an unknown time zone is refused with MongoDB's code and message.
 */
class DateOperatorsWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<Document> sales;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    sales = client.getDatabase("app").getCollection("sales");
    sales.insertMany(
        List.of(
            new Document("_id", 1).append("date", date("2014-01-01T08:15:39.736Z")),
            new Document("_id", 2).append("date", date("2020-05-18T14:10:30Z")),
            new Document("_id", 3).append("date", date("2020-05-22T21:00:00Z"))));
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private static Date date(String iso) {
    return Date.from(Instant.parse(iso));
  }

  private Document projectFirst(String projection) {
    List<Document> out =
        sales
            .aggregate(
                List.of(
                    Document.parse("{$match: {_id: 1}}"),
                    Document.parse("{$project: " + projection + "}")))
            .into(new ArrayList<>());
    return out.get(0);
  }

  @Test
  void datePartsOfTheManualsExample() {
    Document parts =
        projectFirst(
            "{_id: 0, year: {$year: '$date'}, month: {$month: '$date'}, day: {$dayOfMonth:"
                + " '$date'}, hour: {$hour: '$date'}, minutes: {$minute: '$date'}, seconds:"
                + " {$second: '$date'}, milliseconds: {$millisecond: '$date'}, dayOfYear:"
                + " {$dayOfYear: '$date'}, dayOfWeek: {$dayOfWeek: '$date'}, week: {$week:"
                + " '$date'}, isoWeekYear: {$isoWeekYear: '$date'}}");
    assertThat(parts)
        .isEqualTo(
            Document.parse(
                "{year: 2014, month: 1, day: 1, hour: 8, minutes: 15, seconds: 39, milliseconds:"
                    + " 736, dayOfYear: 1, dayOfWeek: 4, week: 0, isoWeekYear: {$numberLong:"
                    + " '2014'}}"));
  }

  @Test
  void dateToStringOfTheManualsExample() {
    Document strings =
        projectFirst(
            "{_id: 0, yearMonthDayUTC: {$dateToString: {format: '%Y-%m-%d', date: '$date'}},"
                + " timewithOffsetNY: {$dateToString: {format: '%H:%M:%S:%L%z', date: '$date',"
                + " timezone: 'America/New_York'}}, timewithOffset430: {$dateToString: {format:"
                + " '%H:%M:%S:%L%z', date: '$date', timezone: '+04:30'}}, minutesOffsetNY:"
                + " {$dateToString: {format: '%Z', date: '$date', timezone: 'America/New_York'}},"
                + " abbreviated_month: {$dateToString: {format: '%b', date: '$date', timezone:"
                + " '+04:30'}}, full_month: {$dateToString: {format: '%B', date: '$date',"
                + " timezone: '+04:30'}}}");
    assertThat(strings)
        .isEqualTo(
            Document.parse(
                "{yearMonthDayUTC: '2014-01-01', timewithOffsetNY: '03:15:39:736-0500',"
                    + " timewithOffset430: '12:45:39:736+0430', minutesOffsetNY: '-300',"
                    + " abbreviated_month: 'Jan', full_month: 'January'}"));
  }

  @Test
  void partsAndStringsConvertBothWays() {
    Document out =
        projectFirst(
            "{_id: 0, parts: {$dateToParts: {date: '$date', timezone: 'America/New_York'}},"
                + " built: {$dateFromParts: {year: 2016, month: 12, day: 31, hour: 23, minute: 46,"
                + " second: 12, timezone: 'America/New_York'}}, parsed: {$dateFromString:"
                + " {dateString: '2017-02-08T12:10:40.787', timezone: 'America/New_York'}},"
                + " fallback: {$dateFromString: {dateString: '20177-02-09T03:35:02.055', onError:"
                + " 'unparsable'}}}");
    assertThat(out.get("parts"))
        .isEqualTo(
            Document.parse(
                "{year: 2014, month: 1, day: 1, hour: 3, minute: 15, second: 39, millisecond:"
                    + " 736}"));
    assertThat(out.get("built")).isEqualTo(date("2017-01-01T04:46:12Z"));
    assertThat(out.get("parsed")).isEqualTo(date("2017-02-08T17:10:40.787Z"));
    assertThat(out.get("fallback")).isEqualTo("unparsable");
  }

  @Test
  void dateArithmeticAddsAndCountsCalendarUnits() {
    Document out =
        projectFirst(
            "{_id: 0, plusMonth: {$dateAdd: {startDate: {$date: '2021-01-31T10:00:00Z'}, unit:"
                + " 'month', amount: 1}}, minusDay: {$dateSubtract: {startDate: '$date', unit:"
                + " 'day', amount: 1}}, years: {$dateDiff: {startDate: {$date:"
                + " '2020-12-31T23:59:59Z'}, endDate: '$date', unit: 'year'}}}");
    assertThat(out.get("plusMonth")).isEqualTo(date("2021-02-28T10:00:00Z"));
    assertThat(out.get("minusDay")).isEqualTo(date("2013-12-31T08:15:39.736Z"));
    assertThat(out.get("years")).isEqualTo(-6L);
  }

  @Test
  void groupsByTruncatedWeekInAZoneAsTheManualShows() {
    List<Document> weeks =
        sales
            .aggregate(
                List.of(
                    Document.parse("{$match: {_id: {$gte: 2}}}"),
                    Document.parse(
                        "{$group: {_id: {$dateTrunc: {date: '$date', unit: 'week', binSize: 2,"
                            + " timezone: 'America/Los_Angeles', startOfWeek: 'Monday'}}, n:"
                            + " {$sum: 1}}}")))
            .into(new ArrayList<>());
    assertThat(weeks)
        .containsExactly(new Document("_id", date("2020-05-11T07:00:00Z")).append("n", 2));
  }

  @Test
  void anUnknownTimeZoneIsRefusedWithMongoDbsCodeAndMessage() {
    MongoCommandException error =
        catchThrowableOfType(
            MongoCommandException.class,
            () -> projectFirst("{h: {$hour: {date: '$date', timezone: 'Mars/Olympus_Mons'}}}"));
    assertThat(error.getErrorCode()).isEqualTo(40485);
    assertThat(error.getErrorMessage())
        .isEqualTo(
            "Invalid $project :: caused by :: unrecognized time zone identifier:"
                + " \"Mars/Olympus_Mons\"");
  }
}
