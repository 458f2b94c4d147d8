package dev.mongolake.internal.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.storage.MemoryStorage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** Index entries written at a log sequence and read back. */
class IndexFileTest {

  private static final IndexSpec SPEC =
      IndexSpecParser.parse(
          new BsonDocument("key", new BsonDocument("k", new BsonInt32(1)))
              .append("name", new BsonString("k_1")));

  private static Set<IndexKey> keys(BsonValue... values) {
    Set<IndexKey> keys = new HashSet<>();
    for (BsonValue value : values) {
      keys.add(IndexKey.of(value));
    }
    return keys;
  }

  private static List<String> liveAt(SecondaryIndex index, long sequence) {
    List<String> out = new ArrayList<>();
    index.forEachLiveAt(
        sequence, e -> out.add(e.key().values().getFirst() + "@" + e.id().asInt32().getValue()));
    return out;
  }

  @Test
  void entriesLiveAtASequenceIgnoreLaterChangesEvenWhenAKeyComesBack() {
    SecondaryIndex index = new SecondaryIndex(SPEC, 0);
    BsonString a = new BsonString("a");
    BsonString b = new BsonString("b");
    index.put(1, new BsonInt32(1), keys(a));
    index.put(5, new BsonInt32(1), keys(b));
    index.put(9, new BsonInt32(1), keys(a));
    index.put(2, new BsonInt32(2), keys(b));
    index.remove(7, new BsonInt32(2));

    assertThat(liveAt(index, 0)).isEmpty();
    assertThat(liveAt(index, 3))
        .containsExactly("BsonString{value='a'}@1", "BsonString{value='b'}@2");
    assertThat(liveAt(index, 6))
        .containsExactly("BsonString{value='b'}@1", "BsonString{value='b'}@2");
    assertThat(liveAt(index, 10)).containsExactly("BsonString{value='a'}@1");

    index.forgetRemovedUpTo(8);
    assertThat(liveAt(index, 10)).containsExactly("BsonString{value='a'}@1");
    assertThat(index.entryCount()).isEqualTo(2);
  }

  @Test
  void fileRoundTripsEveryKeyType() {
    MemoryStorage storage = new MemoryStorage();
    SecondaryIndex index = new SecondaryIndex(SPEC, 0);
    List<BsonValue> values =
        List.of(
            new BsonInt32(3),
            new BsonDouble(2.5),
            new BsonString("x"),
            new BsonObjectId(new ObjectId()),
            new BsonDateTime(42),
            BsonNull.VALUE,
            new BsonMinKey(),
            new BsonDocument("a", new BsonArray(List.of(new BsonInt32(1)))));
    for (int i = 0; i < 3000; i++) {
      index.put(1 + i, new BsonInt32(i), keys(values.get(i % values.size())));
    }
    index.put(5000, new BsonInt32(0), keys(new BsonString("later")));

    long written = IndexFile.write(storage, "db/c", index, 7, 4000);
    IndexFile.Stored stored = IndexFile.list(storage, "db/c").getFirst();
    SecondaryIndex read = IndexFile.read(storage, stored, SPEC, 7);

    assertThat(written).isEqualTo(3000);
    assertThat(stored.indexName()).isEqualTo("k_1");
    assertThat(stored.tableVersion()).isEqualTo(7);
    assertThat(liveAt(read, 0)).isEqualTo(liveAt(index, 4000));
    assertThat(read.ids(KeyRange.ALL, false, Long.MAX_VALUE, new HashSet<>())).hasSize(3000);
  }

  @Test
  void damagedOrMismatchedFilesAreRefused() {
    MemoryStorage storage = new MemoryStorage();
    SecondaryIndex index = new SecondaryIndex(SPEC, 0);
    index.put(1, new BsonInt32(1), keys(new BsonString("a")));
    IndexFile.write(storage, "db/c", index, 3, 1);
    IndexFile.Stored stored = IndexFile.list(storage, "db/c").getFirst();

    assertThatThrownBy(() -> IndexFile.read(storage, stored, SPEC, 4))
        .isInstanceOf(IndexFile.InvalidIndexFileException.class)
        .hasMessageContaining("it holds table version 3, not 4");
    IndexSpec unique =
        IndexSpecParser.parse(
            new BsonDocument("key", new BsonDocument("k", new BsonInt32(1)))
                .append("name", new BsonString("k_1"))
                .append("unique", org.bson.BsonBoolean.TRUE));
    assertThatThrownBy(() -> IndexFile.read(storage, stored, unique, 3))
        .isInstanceOf(IndexFile.InvalidIndexFileException.class)
        .hasMessageContaining("another definition");

    byte[] bytes = storage.read(stored.path());
    bytes[bytes.length - 10] ^= 1;
    storage.overwrite(stored.path(), bytes);
    assertThatThrownBy(() -> IndexFile.read(storage, stored, SPEC, 3))
        .isInstanceOf(IndexFile.InvalidIndexFileException.class)
        .hasMessage("Cannot load index file " + stored.path() + ": its checksum does not match");
  }
}
