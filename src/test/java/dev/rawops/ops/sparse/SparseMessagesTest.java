package dev.rawops.ops.sparse;

import dev.rawops.testing.FixtureMessages;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** TF's own words for every sparse fixture in which TensorFlow 2.18 failed. */
class SparseMessagesTest {
  @Test
  void everyTfErrorHasTfsMessage() {
    FixtureMessages.assertTfMessages(Path.of("graphs", "conformance", "sparse"), "s", 142);
  }
}
