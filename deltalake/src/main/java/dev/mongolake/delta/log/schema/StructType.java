package dev.mongolake.delta.log.schema;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A struct: the table schema at the top level, or a nested struct column.
 *
 * @param fields the fields in declaration order
 */
public record StructType(List<StructField> fields) implements DataType {

  public StructType {
    fields = List.copyOf(fields);
    Set<String> seen = new HashSet<>();
    for (StructField field : fields) {
      if (!seen.add(field.name().toLowerCase(Locale.ROOT))) {
        throw new IllegalArgumentException(
            "Cannot create a struct: column name " + field.name() + " appears twice");
      }
    }
  }

  public static StructType of(StructField... fields) {
    return new StructType(List.of(fields));
  }

  /** The field of that exact name. */
  public Optional<StructField> field(String name) {
    return fields.stream().filter(f -> f.name().equals(name)).findFirst();
  }

  /** The top-level field names in order. */
  public List<String> fieldNames() {
    return fields.stream().map(StructField::name).toList();
  }

  /** Whether this type or any nested type satisfies the predicate. */
  public boolean containsType(Predicate<DataType> predicate) {
    return fields.stream().anyMatch(f -> containsType(f.type(), predicate));
  }

  /** Whether any field at any depth has a metadata key starting with {@code prefix}. */
  public boolean hasFieldMetadata(String prefix) {
    for (StructField field : fields) {
      if (field.metadata().keySet().stream().anyMatch(k -> k.startsWith(prefix))) {
        return true;
      }
      if (nestedHasMetadata(field.type(), prefix)) {
        return true;
      }
    }
    return false;
  }

  private static boolean nestedHasMetadata(DataType type, String prefix) {
    return switch (type) {
      case StructType struct -> struct.hasFieldMetadata(prefix);
      case ArrayType array -> nestedHasMetadata(array.elementType(), prefix);
      case MapType map ->
          nestedHasMetadata(map.keyType(), prefix) || nestedHasMetadata(map.valueType(), prefix);
      default -> false;
    };
  }

  private static boolean containsType(DataType type, Predicate<DataType> predicate) {
    if (predicate.test(type)) {
      return true;
    }
    return switch (type) {
      case StructType struct -> struct.containsType(predicate);
      case ArrayType array -> containsType(array.elementType(), predicate);
      case MapType map ->
          containsType(map.keyType(), predicate) || containsType(map.valueType(), predicate);
      default -> false;
    };
  }
}
