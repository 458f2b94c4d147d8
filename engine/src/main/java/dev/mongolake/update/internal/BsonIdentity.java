package dev.mongolake.update.internal;

import java.util.Iterator;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Exact identity of BSON values: same types, same values, same field order. An update that replaces
 * a value with an identical one is a no-op (MongoDB compares binary representations); {@link
 * BsonDocument#equals} ignores field order, hence this.
 */
public final class BsonIdentity {
  private BsonIdentity() {}

  /** Whether {@code a} and {@code b} would serialise to the same bytes. */
  public static boolean identical(BsonValue a, BsonValue b) {
    if (a.getBsonType() != b.getBsonType()) {
      return false;
    }
    if (a.isDocument()) {
      return identicalDocuments(a.asDocument(), b.asDocument());
    }
    if (a.isArray()) {
      if (a.asArray().size() != b.asArray().size()) {
        return false;
      }
      for (int i = 0; i < a.asArray().size(); i++) {
        if (!identical(a.asArray().get(i), b.asArray().get(i))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }

  private static boolean identicalDocuments(BsonDocument a, BsonDocument b) {
    if (a.size() != b.size()) {
      return false;
    }
    Iterator<Map.Entry<String, BsonValue>> ia = a.entrySet().iterator();
    Iterator<Map.Entry<String, BsonValue>> ib = b.entrySet().iterator();
    while (ia.hasNext()) {
      Map.Entry<String, BsonValue> ea = ia.next();
      Map.Entry<String, BsonValue> eb = ib.next();
      if (!ea.getKey().equals(eb.getKey()) || !identical(ea.getValue(), eb.getValue())) {
        return false;
      }
    }
    return true;
  }
}
