package dev.mongolake;

import java.util.List;

/**
 * What a {@code createIndexes} did ({@link MongoLakeCollection#createIndexSpecs}).
 *
 * @param created names of the indexes built (empty when all existed)
 * @param before number of indexes before, {@code _id_} included
 * @param after number of indexes after
 * @param createdCollection whether the collection did not exist and was created
 */
public record IndexesCreated(
    List<String> created, int before, int after, boolean createdCollection) {

  public IndexesCreated {
    created = List.copyOf(created);
  }
}
