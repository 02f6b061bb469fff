package dev.rawops.ops.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.FixtureMessages;
import dev.rawops.testing.OneOp;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * DecodePng against TF 2.18: pixel values are replayed from the image_codecs fixtures by the
 * conformance test; here, TF's messages for every error fixture (the runner compares codes only),
 * and the formats rawops does not decode through DecodePng.
 */
class DecodePngTest {
  private static final Path DIR =
      Path.of(System.getProperty("basedir", "."), "graphs/conformance/image_codecs");

  @Test
  void errorsAreTfsMessages() {
    FixtureMessages.assertTfMessages(DIR, "image", 15);
  }

  @Test
  void gifContentsAreUnimplementedNotMisread() {
    byte[] gif =
        "GIF89a\u0001\u0000\u0001\u0000".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("DecodePng")
                    .attr("dtype", DType.UINT8)
                    .input(Tensor.ofByteStrings(Shape.scalar(), gif))
                    .run());
    assertEquals(Code.UNIMPLEMENTED, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("DecodePng"), e.getMessage());
  }
}
