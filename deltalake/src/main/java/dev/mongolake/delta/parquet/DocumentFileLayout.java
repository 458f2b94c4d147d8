package dev.mongolake.delta.parquet;

import java.util.Set;

/**
 * The layout of a MongoLake document file, which other engines rely on:
 *
 * <pre>
 * message document {
 *   required &lt;id type&gt; _id;                   -- see {@link IdEncoding}
 *   required group doc (VARIANT(1)) {            -- the whole document, lossless
 *     required binary metadata;
 *     required binary value;
 *   }
 *   optional ... promoted columns ...             -- see {@link PromotedColumn}
 * }
 * </pre>
 *
 * <p>The footer's key/value metadata records {@value #ID_ENCODING_KEY} (the {@link IdEncoding}
 * name), {@value #SCHEMA_KEY} (the promoted-column config as Extended JSON) and, in files written
 * since columnar reads, {@value #EXACT_COLUMNS_KEY} (see {@link ColumnExactness}).
 */
public final class DocumentFileLayout {
  private DocumentFileLayout() {}

  /** The {@code _id} column. */
  public static final String ID_COLUMN = "_id";

  /** The Variant column holding the whole document ({@code doc.age} in DuckDB). */
  public static final String DOCUMENT_COLUMN = "doc";

  /**
   * The Variant's two binary columns. Their min/max statistics bound encoded bytes that no reader
   * filters on, so document files are written without them (writing them compared every document's
   * bytes).
   */
  public static final Set<String> VARIANT_COLUMNS =
      Set.of(DOCUMENT_COLUMN + ".metadata", DOCUMENT_COLUMN + ".value");

  /** Footer key naming the file's {@link IdEncoding}. */
  public static final String ID_ENCODING_KEY = "mongolake.id.encoding";

  /** Footer key holding the promoted-column config. */
  public static final String SCHEMA_KEY = "mongolake.promoted.columns";

  /**
   * Footer key listing, as a JSON array of dotted paths, the promoted columns that are exact in the
   * file (see {@link ColumnExactness}). A file without it has no exact column.
   */
  public static final String EXACT_COLUMNS_KEY = "mongolake.exact.columns";

  /**
   * Footer key present when every {@code _id} of a file stored as {@link IdEncoding#KEY} can be
   * decoded from its key; its value names the BSON type of the numeric ids ({@code INT32}, {@code
   * INT64}, or empty when there are none).
   */
  public static final String EXACT_ID_KEY = "mongolake.exact.id";
}
