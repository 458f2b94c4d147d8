package dev.mongolake.delta.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class DocumentSchemaTest {

  @Test
  void configParsesToColumnsAndBack() {
    BsonDocument config =
        BsonDocument.parse(
            "{email: 'string', createdAt: 'timestamp', profile: {name: 'string', age: 'int'},"
                + " tags: ['string']}");

    DocumentSchema schema = DocumentSchema.parse(config);

    assertThat(schema.columns())
        .containsExactly(
            new PromotedColumn("email", ColumnType.STRING, false),
            new PromotedColumn("createdAt", ColumnType.TIMESTAMP, false),
            new PromotedColumn("profile.name", ColumnType.STRING, false),
            new PromotedColumn("profile.age", ColumnType.INT, false),
            new PromotedColumn("tags", ColumnType.STRING, true));
    assertThat(schema.toConfig()).isEqualTo(config);
    assertThat(DocumentSchema.parse(schema.toConfig())).isEqualTo(schema);
  }

  @Test
  void anUnknownTypeIsRejectedByName() {
    assertThatThrownBy(() -> DocumentSchema.parse(BsonDocument.parse("{a: 'varchar'}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot promote column: unknown type 'varchar' (expected string, int, long, double,"
                + " bool or timestamp)");
  }

  @Test
  void overlappingPathsAreRejected() {
    assertThatThrownBy(
            () -> DocumentSchema.parse(BsonDocument.parse("{'a.b': 'string', a: {b: {c: 'int'}}}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot promote column 'a.b.c': it overlaps 'a.b'");
  }

  @Test
  void reservedColumnNamesAreRejected() {
    assertThatThrownBy(() -> DocumentSchema.parse(BsonDocument.parse("{doc: {x: 'int'}}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot promote column 'doc.x': '_id' and 'doc' are reserved");
  }

  @Test
  void aMalformedSpecIsRejectedWithItsPath() {
    assertThatThrownBy(() -> DocumentSchema.parse(BsonDocument.parse("{p: {q: 3}}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot promote column 'p.q': expected a type name, [type] or a document, got INT32");
  }

  @Test
  void numericColumnsAcceptExactWideningOnly() {
    assertThat(ColumnType.LONG.fits(new org.bson.BsonInt32(1))).isTrue();
    assertThat(ColumnType.INT.fits(new org.bson.BsonInt64(1))).isFalse();
    assertThat(ColumnType.DOUBLE.fits(new org.bson.BsonInt64((1L << 53) + 1))).isFalse();
    assertThat(ColumnType.DOUBLE.fits(new org.bson.BsonInt64(1L << 53))).isTrue();
    assertThat(ColumnType.TIMESTAMP.fits(new org.bson.BsonDateTime(Long.MIN_VALUE))).isFalse();
    assertThat(ColumnType.TIMESTAMP.fits(new org.bson.BsonDateTime(-1))).isTrue();
  }
}
