package dev.mongolake.delta.s3;

import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageProvider;
import java.net.URI;

/**
 * Opens {@code s3://bucket/prefix?...} locations for {@link Storage#create(URI)}; registered in
 * {@code META-INF/services}. See {@link S3StorageOptions#fromUri} for the parameters.
 */
public final class S3StorageProvider implements StorageProvider {

  @Override
  public String scheme() {
    return "s3";
  }

  @Override
  public Storage open(URI uri) {
    return new S3Storage(S3StorageOptions.fromUri(uri));
  }
}
