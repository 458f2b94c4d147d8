package dev.mongolake.internal.buffer;

import dev.mongolake.bson.BsonBytesDecoder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.json.JsonWriterSettings;
import org.bson.types.ObjectId;

/**
 * A document kept as its BSON bytes until something needs its fields, then decoded once into an
 * ordinary {@link BsonDocument} that every method uses from then on (so it behaves exactly like
 * one, mutable copies from {@link #clone()} included). Its {@code _id} is read from the bytes
 * without decoding the rest.
 *
 * <p>Log replay buffers every unflushed document: keeping them as one byte array each instead of a
 * tree of objects makes replay cheaper (no decoding of documents nothing reads before the next
 * flush) and lighter for the garbage collector, which otherwise copies every tree it retains.
 *
 * <p>Thread-safe for readers: the decoding is done once under the object's lock.
 */
public final class LazyBsonDocument extends BsonDocument {

  private static final long serialVersionUID = 1L;

  private transient byte[] bytes;
  private final transient int offset;
  private final transient int length;
  private transient volatile BsonDocument decoded;
  private transient volatile BsonValue id;

  /** Wraps {@code length} bytes of {@code bytes} from {@code offset}, which must not change. */
  public LazyBsonDocument(byte[] bytes, int offset, int length) {
    this.bytes = bytes;
    this.offset = offset;
    this.length = length;
  }

  /** The size of the BSON encoding. */
  public int byteLength() {
    return length;
  }

  /** Whether the fields were decoded (for tests). */
  public boolean isDecoded() {
    return decoded != null;
  }

  private BsonDocument decoded() {
    BsonDocument current = decoded;
    if (current == null) {
      synchronized (this) {
        current = decoded;
        if (current == null) {
          current = BsonBytesDecoder.decode(bytes, offset, length);
          decoded = current;
          bytes = null;
        }
      }
    }
    return current;
  }

  @Override
  public BsonValue get(Object key) {
    if ("_id".equals(key) && decoded == null) {
      BsonValue known = id;
      if (known == null) {
        synchronized (this) {
          if (decoded == null) {
            BsonValue raw = leadingId();
            if (raw == null) {
              raw = new RawBsonDocument(bytes, offset, length).get("_id");
            }
            // Containers come back as read-only raw views: decode those the ordinary way.
            if (raw != null && !raw.isDocument() && !raw.isArray()) {
              id = raw;
              return raw;
            }
          }
        }
        return decoded().get(key);
      }
      return known;
    }
    return decoded().get(key);
  }

  /**
   * The {@code _id} read straight from the bytes when it is the first field (documents are stored
   * with {@code _id} first) and of a common scalar type; otherwise null.
   */
  private BsonValue leadingId() {
    int position = offset + 4;
    if (length < 10
        || bytes[position + 1] != '_'
        || bytes[position + 2] != 'i'
        || bytes[position + 3] != 'd'
        || bytes[position + 4] != 0) {
      return null;
    }
    ByteBuffer in = ByteBuffer.wrap(bytes, offset, length).order(ByteOrder.LITTLE_ENDIAN);
    int value = position + 5;
    int end = offset + length - 1;
    byte type = bytes[position];
    if (type == BsonType.OBJECT_ID.getValue() && value + 12 <= end) {
      return new BsonObjectId(new ObjectId(ByteBuffer.wrap(bytes, value, 12)));
    }
    if (type == BsonType.INT32.getValue() && value + 4 <= end) {
      return new BsonInt32(in.getInt(value));
    }
    if (type == BsonType.INT64.getValue() && value + 8 <= end) {
      return new BsonInt64(in.getLong(value));
    }
    return null;
  }

  @Override
  public BsonValue get(Object key, BsonValue defaultValue) {
    BsonValue value = get(key);
    return value != null ? value : defaultValue;
  }

  @Override
  public <C> BsonDocument toBsonDocument(Class<C> documentClass, CodecRegistry codecRegistry) {
    return this;
  }

  @Override
  public int size() {
    return decoded().size();
  }

  @Override
  public boolean isEmpty() {
    return decoded().isEmpty();
  }

  @Override
  public boolean containsKey(Object key) {
    return decoded().containsKey(key);
  }

  @Override
  public boolean containsValue(Object value) {
    return decoded().containsValue(value);
  }

  @Override
  public BsonValue put(String key, BsonValue value) {
    return decoded().put(key, value);
  }

  @Override
  public BsonValue remove(Object key) {
    return decoded().remove(key);
  }

  @Override
  public void putAll(Map<? extends String, ? extends BsonValue> m) {
    decoded().putAll(m);
  }

  @Override
  public void clear() {
    decoded().clear();
  }

  @Override
  public Set<String> keySet() {
    return decoded().keySet();
  }

  @Override
  public Collection<BsonValue> values() {
    return decoded().values();
  }

  @Override
  public Set<Map.Entry<String, BsonValue>> entrySet() {
    return decoded().entrySet();
  }

  @Override
  public BsonDocument append(String key, BsonValue value) {
    decoded().append(key, value);
    return this;
  }

  @Override
  public String getFirstKey() {
    return decoded().getFirstKey();
  }

  @Override
  public BsonReader asBsonReader() {
    return decoded().asBsonReader();
  }

  @Override
  public boolean equals(Object o) {
    return o == this || decoded().equals(o);
  }

  @Override
  public int hashCode() {
    return decoded().hashCode();
  }

  @Override
  public String toJson() {
    return decoded().toJson();
  }

  @Override
  public String toJson(JsonWriterSettings settings) {
    return decoded().toJson(settings);
  }

  @Override
  public String toString() {
    return decoded().toString();
  }

  @Override
  public BsonDocument clone() {
    return decoded().clone();
  }

  private Object writeReplace() {
    return decoded();
  }
}
