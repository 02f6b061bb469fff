package dev.rawops.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.RawOpsException;
import dev.rawops.tfproto.BundleEntryProto;
import dev.rawops.tfproto.TensorShapeProto;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Checkpoint entries and indexes are checked against what is there before anything is allocated.
 */
class CheckpointLimitsTest {
  private static final String PREFIX =
      Path.of(System.getProperty("basedir", "."))
          .resolve("graphs/savedmodels/resource_variables/variables/variables")
          .toAbsolutePath()
          .toString();

  @AfterEach
  void reset() {
    Limits.reset(Limits.MAX_CHECKPOINT_INDEX_BYTES);
  }

  /**
   * TF's "words" entry (3 strings, 12 bytes) re-labelled as 2^26 strings: refused at once, where
   * rawops used to allocate ~900 MB of string slots before finding the bytes missing.
   */
  @Test
  void stringEntryClaimingMoreStringsThanBytes_isDataLossBeforeAllocating() {
    TensorBundle b = TensorBundle.open(PREFIX);
    BundleEntryProto words = b.entry("words");
    assertTrue(words.getSize() < 64, "the entry is small: " + words.getSize());
    BundleEntryProto claimed =
        words.toBuilder()
            .setShape(
                TensorShapeProto.newBuilder()
                    .addDim(TensorShapeProto.Dim.newBuilder().setSize(1L << 26)))
            .build();
    RawOpsException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(5),
            () -> assertThrows(RawOpsException.class, () -> b.readEntry("words", claimed)));
    assertEquals(Code.DATA_LOSS, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("too few for 67108864 strings"), e.getMessage());
  }

  @Test
  void indexOverTheLimit_isRefusedBeforeReading() {
    Limits.set(Limits.MAX_CHECKPOINT_INDEX_BYTES, 64);
    RawOpsException e = assertThrows(RawOpsException.class, () -> TensorBundle.open(PREFIX));
    assertEquals(Code.RESOURCE_EXHAUSTED, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("maxCheckpointIndexBytes = 64"), e.getMessage());
    assertTrue(e.getMessage().contains("variables.index"), e.getMessage());
  }
}
