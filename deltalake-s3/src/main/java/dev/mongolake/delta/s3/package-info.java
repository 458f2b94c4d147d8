/**
 * S3-compatible object storage (AWS S3, Cloudflare R2, MinIO) for deltalake tables.
 *
 * <p>Kept out of the {@code deltalake} module so that the embedded default stays light: the AWS SDK
 * is on the classpath only when this module is. Commit atomicity relies on conditional PUT ({@code
 * If-None-Match: *}).
 */
package dev.mongolake.delta.s3;
