package dev.rawops.ops.image;

import dev.rawops.testing.FixtureMessages;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * CombinedNonMaxSuppression against TF 2.18: values are replayed from the combined_nms fixtures by
 * the conformance test (ties included); here, TF's messages for every error fixture.
 */
class CombinedNonMaxSuppressionTest {
  private static final Path DIR =
      Path.of(System.getProperty("basedir", "."), "graphs/conformance/combined_nms");

  @Test
  void errorsAreTfsMessages() {
    FixtureMessages.assertTfMessages(DIR, "out", 12);
  }
}
