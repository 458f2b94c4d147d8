/**
 * Implementation of the S3 backend: client construction, the resolved conditional PUT, multipart
 * output and error classification. Not API: may change without notice.
 */
package dev.mongolake.delta.s3.internal;
