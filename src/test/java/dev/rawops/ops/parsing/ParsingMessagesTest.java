package dev.rawops.ops.parsing;

import dev.rawops.testing.FixtureMessages;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** TF's own words for every parsing fixture in which TensorFlow 2.18 failed. */
class ParsingMessagesTest {
  @Test
  void everyTfErrorHasTfsMessage() {
    FixtureMessages.assertTfMessages(Path.of("graphs", "conformance", "parsing"), "p", 20);
  }
}
