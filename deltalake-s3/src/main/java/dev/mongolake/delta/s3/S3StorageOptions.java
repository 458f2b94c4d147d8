package dev.mongolake.delta.s3;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Where and how {@link S3Storage} reaches an S3-compatible object store.
 *
 * <p>Written as a URI: {@code
 * s3://bucket/prefix?endpoint=http://127.0.0.1:9000&region=us-east-1&pathStyle=true&accessKey=...&secretKey=...}.
 * Every query parameter is optional:
 *
 * <ul>
 *   <li>{@code endpoint}: the service URL, for MinIO, Cloudflare R2 or a local server; AWS S3 when
 *       absent;
 *   <li>{@code region}: the signing region; else the AWS default chain ({@code AWS_REGION},
 *       profile), else {@code us-east-1};
 *   <li>{@code pathStyle}: {@code true} to address the bucket in the path rather than the host
 *       name; defaults to {@code true} when an endpoint is given, {@code false} for AWS;
 *   <li>{@code accessKey}, {@code secretKey} (together) and {@code sessionToken}: static
 *       credentials; else the AWS default chain (environment variables {@code AWS_ACCESS_KEY_ID} /
 *       {@code AWS_SECRET_ACCESS_KEY}, system properties, profile files, container and instance
 *       roles);
 *   <li>{@code partSize}: bytes per part of a multipart upload, at least 5 MiB; 8 MiB by default.
 * </ul>
 *
 * @param bucket the bucket name
 * @param prefix the key prefix under which storage paths live: empty, or ending with {@code /}
 * @param endpoint the service endpoint, or empty for AWS S3
 * @param region the signing region, or empty to use the AWS default chain
 * @param pathStyle whether to use path-style addressing
 * @param credentials static credentials, or empty to use the AWS default chain
 * @param partSize size of the parts {@link S3Storage#openOutput} uploads, and the size below which
 *     it uploads a stream in a single request; at least 5 MiB (S3's minimum part size)
 */
public record S3StorageOptions(
    String bucket,
    String prefix,
    Optional<URI> endpoint,
    Optional<String> region,
    boolean pathStyle,
    Optional<S3Credentials> credentials,
    int partSize) {

  /** S3's smallest allowed part of a multipart upload (except the last). */
  public static final int MIN_PART_SIZE = 5 * 1024 * 1024;

  /** The part size used unless another is given: 8 MiB. */
  public static final int DEFAULT_PART_SIZE = 8 * 1024 * 1024;

  private static final Set<String> PARAMETERS =
      Set.of(
          "endpoint", "region", "pathStyle", "accessKey", "secretKey", "sessionToken", "partSize");

  /**
   * Static credentials.
   *
   * @param accessKey the access key id
   * @param secretKey the secret access key
   * @param sessionToken a session token for temporary credentials, or empty
   */
  public record S3Credentials(String accessKey, String secretKey, Optional<String> sessionToken) {
    public S3Credentials {
      Objects.requireNonNull(accessKey, "accessKey");
      Objects.requireNonNull(secretKey, "secretKey");
      Objects.requireNonNull(sessionToken, "sessionToken");
    }

    @Override
    public String toString() {
      return "S3Credentials[accessKey=" + accessKey + ", secretKey=***]";
    }
  }

  public S3StorageOptions {
    Objects.requireNonNull(bucket, "bucket");
    Objects.requireNonNull(prefix, "prefix");
    Objects.requireNonNull(endpoint, "endpoint");
    Objects.requireNonNull(region, "region");
    Objects.requireNonNull(credentials, "credentials");
    if (bucket.isEmpty()) {
      throw new IllegalArgumentException("Cannot use S3 storage options: the bucket is empty");
    }
    prefix = normalizePrefix(prefix);
    if (partSize < MIN_PART_SIZE) {
      throw new IllegalArgumentException(
          "Cannot use S3 part size " + partSize + ": S3 requires at least " + MIN_PART_SIZE);
    }
  }

  /** Options for a bucket and prefix on AWS S3 with the default chains and part size. */
  public static S3StorageOptions of(String bucket, String prefix) {
    return new S3StorageOptions(
        bucket,
        prefix,
        Optional.empty(),
        Optional.empty(),
        false,
        Optional.empty(),
        DEFAULT_PART_SIZE);
  }

  /** These options with another endpoint; path-style addressing is switched on with it. */
  public S3StorageOptions withEndpoint(URI newEndpoint) {
    return new S3StorageOptions(
        bucket, prefix, Optional.of(newEndpoint), region, true, credentials, partSize);
  }

  /** These options with another part size. */
  public S3StorageOptions withPartSize(int newPartSize) {
    return new S3StorageOptions(
        bucket, prefix, endpoint, region, pathStyle, credentials, newPartSize);
  }

  /**
   * Reads options from an {@code s3://bucket/prefix?...} URI.
   *
   * @throws IllegalArgumentException naming the URI (without its query, which may hold secrets) and
   *     what is wrong with it
   */
  public static S3StorageOptions fromUri(URI uri) {
    String shown = withoutQuery(uri);
    if (!"s3".equalsIgnoreCase(uri.getScheme())) {
      throw new IllegalArgumentException(
          "Cannot open S3 storage '" + shown + "': scheme is not s3");
    }
    String bucket = uri.getHost() != null ? uri.getHost() : uri.getAuthority();
    if (bucket == null || bucket.isEmpty()) {
      throw new IllegalArgumentException(
          "Cannot open S3 storage '"
              + shown
              + "': the URI names no bucket, as in s3://bucket/prefix");
    }
    Map<String, String> query = parseQuery(uri.getRawQuery(), shown);
    Optional<URI> endpoint =
        Optional.ofNullable(query.get("endpoint")).map(e -> endpoint(e, shown));
    boolean pathStyle =
        query.containsKey("pathStyle")
            ? parseBoolean(query.get("pathStyle"), shown)
            : endpoint.isPresent();
    String accessKey = query.get("accessKey");
    String secretKey = query.get("secretKey");
    if ((accessKey == null) != (secretKey == null)) {
      throw new IllegalArgumentException(
          "Cannot open S3 storage '" + shown + "': accessKey and secretKey must be given together");
    }
    Optional<S3Credentials> credentials =
        accessKey == null
            ? Optional.empty()
            : Optional.of(
                new S3Credentials(
                    accessKey, secretKey, Optional.ofNullable(query.get("sessionToken"))));
    return new S3StorageOptions(
        bucket,
        uri.getPath() == null ? "" : uri.getPath(),
        endpoint,
        Optional.ofNullable(query.get("region")),
        pathStyle,
        credentials,
        query.containsKey("partSize")
            ? parsePartSize(query.get("partSize"), shown)
            : DEFAULT_PART_SIZE);
  }

  @Override
  public String toString() {
    return "s3://" + bucket + "/" + prefix + endpoint.map(e -> " at " + e).orElse("");
  }

  private static String normalizePrefix(String prefix) {
    String trimmed = prefix.replaceAll("^/+|/+$", "");
    for (String segment : trimmed.split("/", -1)) {
      if (!trimmed.isEmpty()
          && (segment.isEmpty() || segment.equals(".") || segment.equals(".."))) {
        throw new IllegalArgumentException(
            "Cannot use S3 prefix '" + prefix + "': it contains an empty, '.' or '..' segment");
      }
    }
    return trimmed.isEmpty() ? "" : trimmed + "/";
  }

  private static Map<String, String> parseQuery(String rawQuery, String shown) {
    Map<String, String> values = new LinkedHashMap<>();
    if (rawQuery == null || rawQuery.isEmpty()) {
      return values;
    }
    for (String pair : rawQuery.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = decode(eq < 0 ? pair : pair.substring(0, eq));
      String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
      if (!PARAMETERS.contains(name)) {
        throw new IllegalArgumentException(
            "Cannot open S3 storage '"
                + shown
                + "': unknown parameter '"
                + name
                + "'; known parameters are "
                + PARAMETERS.stream().sorted().toList());
      }
      values.put(name, value);
    }
    return values;
  }

  private static URI endpoint(String text, String shown) {
    try {
      URI endpoint = new URI(text);
      if (endpoint.getScheme() == null || endpoint.getHost() == null) {
        throw new IllegalArgumentException("no scheme or host");
      }
      return endpoint;
    } catch (java.net.URISyntaxException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot open S3 storage '"
              + shown
              + "': endpoint '"
              + text
              + "' is not a URL such as http://127.0.0.1:9000",
          e);
    }
  }

  private static boolean parseBoolean(String text, String shown) {
    return switch (text) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw new IllegalArgumentException(
              "Cannot open S3 storage '"
                  + shown
                  + "': pathStyle must be true or false, not '"
                  + text
                  + "'");
    };
  }

  private static int parsePartSize(String text, String shown) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Cannot open S3 storage '"
              + shown
              + "': partSize must be a number of bytes, not '"
              + text
              + "'",
          e);
    }
  }

  private static String decode(String text) {
    return URLDecoder.decode(text, StandardCharsets.UTF_8);
  }

  private static String withoutQuery(URI uri) {
    String text = uri.toString();
    int query = text.indexOf('?');
    return query < 0 ? text : text.substring(0, query);
  }
}
