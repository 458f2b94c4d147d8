package dev.mongolake.server.transfer;

import java.io.Closeable;
import java.util.Iterator;
import org.bson.BsonDocument;

/**
 * Documents read from an import file, one at a time so that files larger than memory stream
 * through. Not thread-safe. Malformed input fails with {@link TransferException} naming where.
 */
public interface DocumentSource extends Iterator<BsonDocument>, Closeable {}
