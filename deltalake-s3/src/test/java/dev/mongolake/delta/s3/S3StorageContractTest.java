package dev.mongolake.delta.s3;

import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageContractTest;
import java.util.UUID;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The storage contract against a real S3-compatible server, through {@code Storage.create}. */
class S3StorageContractTest extends StorageContractTest {

  @RegisterExtension static final S3ProxyExtension S3 = new S3ProxyExtension();

  @Override
  protected Storage newStorage() {
    return Storage.create(
        S3.location("contract-" + UUID.randomUUID())
            + "&partSize="
            + S3StorageOptions.MIN_PART_SIZE);
  }

  @Override
  protected int largeOutputSize() {
    // A full part and a short last one: exercises the multipart upload.
    return S3StorageOptions.MIN_PART_SIZE + 123_457;
  }
}
