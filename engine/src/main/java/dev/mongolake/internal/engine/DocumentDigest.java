package dev.mongolake.internal.engine;

import dev.mongolake.bson.BsonBytesEncoder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import org.bson.BsonDocument;

/**
 * A 128-bit digest of a document's BSON bytes: equal documents, equal digests. Comparisons of two
 * states of a collection (a restore, a branch's difference from its parent) hold these per {@code
 * _id} instead of the documents.
 */
record DocumentDigest(long high, long low) {

  static DocumentDigest of(BsonDocument document) {
    byte[] hash = md5().digest(BsonBytesEncoder.encode(document));
    long high = 0;
    long low = 0;
    for (int i = 0; i < 8; i++) {
      high = (high << 8) | (hash[i] & 0xFF);
      low = (low << 8) | (hash[i + 8] & 0xFF);
    }
    return new DocumentDigest(high, low);
  }

  private static MessageDigest md5() {
    try {
      // For equality of documents, not for security.
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public String toString() {
    return Arrays.toString(new long[] {high, low});
  }
}
