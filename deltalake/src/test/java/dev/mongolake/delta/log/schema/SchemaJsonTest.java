package dev.mongolake.delta.log.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.DeltaException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchemaJsonTest {

  @Test
  void nestedSchemasRoundTripThroughTheProtocolFormat() {
    StructType schema =
        StructType.of(
            new StructField("_id", PrimitiveType.STRING, false, Map.of()),
            StructField.of("doc", VariantType.INSTANCE),
            StructField.of("price", new DecimalType(10, 2)),
            StructField.of("tags", new ArrayType(PrimitiveType.STRING, true)),
            StructField.of("attrs", new MapType(PrimitiveType.STRING, PrimitiveType.LONG, false)),
            new StructField(
                "profile",
                StructType.of(StructField.of("seen", PrimitiveType.TIMESTAMP_NTZ)),
                true,
                Map.of("delta.columnMapping.id", 5)));
    String json = SchemaJson.write(schema);
    assertThat(json).contains("\"type\":\"variant\"").contains("\"decimal(10,2)\"");
    assertThat(SchemaJson.parse(json)).isEqualTo(schema);
    assertThat(schema.containsType(t -> t instanceof VariantType)).isTrue();
  }

  @Test
  void sparkWrittenSchemasParse() {
    String spark =
        "{\"type\":\"struct\",\"fields\":[{\"name\":\"a\",\"type\":\"integer\",\"nullable\":false,\"metadata\":{}},"
            + "{\"name\":\"f\",\"type\":{\"type\":\"map\",\"keyType\":\"string\",\"valueType\":\"string\",\"valueContainsNull\":true},\"nullable\":true,\"metadata\":{}}]}";
    StructType schema = SchemaJson.parse(spark);
    assertThat(schema.fieldNames()).containsExactly("a", "f");
    assertThat(schema.field("a").orElseThrow().nullable()).isFalse();
  }

  @Test
  void malformedSchemasAreRejectedWithTheirText() {
    assertThatThrownBy(() -> SchemaJson.parse("\"integer\""))
        .isInstanceOf(DeltaException.class)
        .hasMessage("Cannot parse schema \"integer\": the top level is not a struct");
    assertThatThrownBy(
            () ->
                SchemaJson.parse(
                    "{\"type\":\"struct\",\"fields\":[{\"name\":\"a\",\"type\":\"long\"},{\"name\":\"A\",\"type\":\"long\"}]}"))
        .isInstanceOf(DeltaException.class)
        .hasMessage("Cannot create a struct: column name A appears twice");
  }
}
