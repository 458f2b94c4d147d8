package dev.mongolake.server.rest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.bson.BsonDocument;

/** A small HTTP client for the REST API in tests: real requests over java.net.http. */
final class RestClient {

  private final HttpClient http = HttpClient.newHttpClient();
  private final String baseUrl;
  private final String authorization;

  RestClient(String baseUrl) {
    this(baseUrl, null);
  }

  private RestClient(String baseUrl, String authorization) {
    this.baseUrl = baseUrl;
    this.authorization = authorization;
  }

  RestClient withBasicAuth(String user, String password) {
    String token =
        Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    return new RestClient(baseUrl, "Basic " + token);
  }

  Reply get(String path) {
    return send("GET", path, (String) null);
  }

  Reply delete(String path) {
    return send("DELETE", path, (String) null);
  }

  Reply post(String path, String body) {
    return send("POST", path, body);
  }

  Reply send(String method, String path, String body) {
    return sendPublisher(
        method,
        path,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
  }

  Reply sendPublisher(String method, String path, HttpRequest.BodyPublisher body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .method(method, body)
            .header("Content-Type", "application/json");
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    try {
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Reply(
          response.statusCode(),
          response.headers().firstValue("Content-Type").orElse(""),
          response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A response: status, media type, and the body as text and (for JSON) as a document. */
  record Reply(int status, String contentType, String body) {
    BsonDocument json() {
      return BsonDocument.parse(body);
    }
  }
}
