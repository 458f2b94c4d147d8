package dev.mongolake.delta.s3.internal;

import dev.mongolake.delta.s3.S3StorageOptions;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.S3Configuration;

/**
 * The two S3 clients a storage uses, over one HTTP connection pool: {@code retrying} for every
 * idempotent request, and {@code singleAttempt}, with SDK retries off, for the conditional PUT of
 * {@code writeIfAbsent}, whose retries must be done (and their outcome resolved) by the caller.
 *
 * <p>{@code Expect: 100-continue} is off in both the S3 configuration and the HTTP client: some
 * servers (s3proxy) answer a failed condition with 100 then 412 and close the socket, which breaks
 * the next request on that connection. Checksums are computed only when an operation requires them,
 * which keeps S3-compatible stores that reject newer checksum headers working.
 *
 * @param http the shared HTTP client
 * @param retrying the client with the SDK's standard retries
 * @param singleAttempt the client that sends each request once
 */
public record S3Clients(SdkHttpClient http, S3Client retrying, S3Client singleAttempt)
    implements AutoCloseable {

  /** Builds the clients the options describe; the caller closes them. */
  public static S3Clients create(S3StorageOptions options) {
    SdkHttpClient http =
        ApacheHttpClient.builder().expectContinueEnabled(false).maxConnections(64).build();
    try {
      AwsCredentialsProvider credentials = credentials(options);
      Region region = region(options);
      return new S3Clients(
          http,
          builder(options, http, credentials, region, AwsRetryStrategy.standardRetryStrategy())
              .build(),
          builder(options, http, credentials, region, AwsRetryStrategy.doNotRetry()).build());
    } catch (RuntimeException e) {
      http.close();
      throw e;
    }
  }

  private static S3ClientBuilder builder(
      S3StorageOptions options,
      SdkHttpClient http,
      AwsCredentialsProvider credentials,
      Region region,
      RetryStrategy retryStrategy) {
    S3ClientBuilder builder =
        S3Client.builder()
            .httpClient(http)
            .credentialsProvider(credentials)
            .region(region)
            .serviceConfiguration(
                S3Configuration.builder()
                    .expectContinueEnabled(false)
                    .pathStyleAccessEnabled(options.pathStyle())
                    .build())
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
            .overrideConfiguration(o -> o.retryStrategy(retryStrategy));
    options.endpoint().ifPresent(builder::endpointOverride);
    return builder;
  }

  private static AwsCredentialsProvider credentials(S3StorageOptions options) {
    return options
        .credentials()
        .<AwsCredentialsProvider>map(
            c ->
                StaticCredentialsProvider.create(
                    c.sessionToken().isPresent()
                        ? AwsSessionCredentials.create(
                            c.accessKey(), c.secretKey(), c.sessionToken().get())
                        : AwsBasicCredentials.create(c.accessKey(), c.secretKey())))
        .orElseGet(() -> DefaultCredentialsProvider.builder().build());
  }

  private static Region region(S3StorageOptions options) {
    if (options.region().isPresent()) {
      return Region.of(options.region().get());
    }
    try {
      return new DefaultAwsRegionProviderChain().getRegion();
    } catch (SdkClientException e) {
      // No region configured anywhere: S3-compatible stores accept any, and AWS redirects.
      return Region.US_EAST_1;
    }
  }

  @Override
  public void close() {
    try (http) {
      retrying.close();
      singleAttempt.close();
    }
  }
}
