package dev.mongolake.delta.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StoragePathsTest {

  @Test
  void orderIsByCodePointLikeS3sUtf8KeyOrder() {
    // U+FF21 (fullwidth A) is below U+1F600 (an emoji) by code point and by UTF-8 bytes, but
    // String.compareTo puts the emoji's high surrogate (U+D83D) first.
    String fullwidth = "t/\uFF21";
    String emoji = "t/\uD83D\uDE00";
    List<String> paths = new ArrayList<>(List.of(emoji, fullwidth, "t/a"));

    paths.sort(StoragePaths.ORDER);

    assertThat(paths).containsExactly("t/a", fullwidth, emoji);
    assertThat(emoji.compareTo(fullwidth)).as("String order differs").isNegative();
  }

  @Test
  void aShorterPrefixSortsFirst() {
    assertThat(StoragePaths.compare("t/a", "t/a/b")).isNegative();
    assertThat(StoragePaths.compare("t/a", "t/a")).isZero();
  }

  @Test
  void prefixesMayEndWithASlashOrAPartialName() {
    assertThat(StoragePaths.requireValidPrefix("")).isEmpty();
    assertThat(StoragePaths.requireValidPrefix("t/_delta_log/")).isEqualTo("t/_delta_log/");
    assertThat(StoragePaths.requireValidPrefix("t/_delta_log/0000")).isEqualTo("t/_delta_log/0000");
    assertThatThrownBy(() -> StoragePaths.requireValidPrefix("/"))
        .hasMessage("Cannot use storage path '/': it starts with '/'");
  }

  @Test
  void aFilePathCannotEndWithASlash() {
    assertThatThrownBy(() -> StoragePaths.requireValidPath("t/_delta_log/"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot use storage path 't/_delta_log/': a file path cannot end with '/'");
  }

  @Test
  void dotNamesAreHiddenOnlyBelowTheListedFolder() {
    assertThat(StoragePaths.isHiddenInListingOf("t/_delta_log/", "t/_delta_log/.0.json.crc"))
        .isTrue();
    assertThat(StoragePaths.isHiddenInListingOf("t/", "t/.tmp/part-1.parquet")).isTrue();
    assertThat(StoragePaths.isHiddenInListingOf(".hidden/", ".hidden/t/a")).isFalse();
    assertThat(StoragePaths.isHiddenInListingOf("t/", "t/a.b/c")).isFalse();
  }
}
