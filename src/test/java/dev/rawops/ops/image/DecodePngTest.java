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
 * The image decoders against TF 2.18: pixel values are replayed from the image_codecs fixtures by
 * the conformance test; here, TF's messages for every error fixture of DecodePng, DecodeGif,
 * DecodeBmp, DecodeImage, DecodeJpeg and ExtractJpegShape (the runner compares codes only), and
 * what rawops does not decode.
 */
class DecodePngTest {
  private static final Path DIR =
      Path.of(System.getProperty("basedir", "."), "graphs/conformance/image_codecs");

  @Test
  void errorsAreTfsMessages() {
    FixtureMessages.assertTfMessages(DIR, "image", 50);
  }

  private static RawOpsException fails(String op, byte[] contents, Object... attrs) {
    OneOp one = OneOp.of(op).input(Tensor.ofByteStrings(Shape.scalar(), contents));
    for (int i = 0; i < attrs.length; i += 2) {
      switch (attrs[i + 1]) {
        case Long l -> one.attr((String) attrs[i], l);
        case Boolean b -> one.attr((String) attrs[i], b);
        case DType t -> one.attr((String) attrs[i], t);
        default -> throw new IllegalArgumentException();
      }
    }
    return assertThrows(RawOpsException.class, one::run);
  }

  /** A baseline 8×8 gray JPEG's header: SOI, DQT, SOF0, DHT (DC and AC), SOS; no entropy data. */
  private static byte[] grayHeader() {
    java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
    o.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xDB, 0, 67, 0});
    for (int i = 0; i < 64; i++) {
      o.write(1);
    }
    o.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xC0, 0, 11, 8, 0, 8, 0, 8, 1, 1, 0x11, 0});
    o.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xC4, 0, 20, 0x00, 1});
    o.writeBytes(new byte[15]);
    o.write(0);
    o.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xC4, 0, 20, 0x10, 1});
    o.writeBytes(new byte[15]);
    o.write(0);
    o.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xDA, 0, 8, 1, 1, 0, 0, 63, 0});
    return o.toByteArray();
  }

  @Test
  void extractJpegShapeReadsTheHeaderOnly() {
    Tensor shape =
        OneOp.of("ExtractJpegShape")
            .attr("output_type", DType.INT64)
            .input(Tensor.ofByteStrings(Shape.scalar(), grayHeader()))
            .run();
    assertEquals(8, shape.getIndex(0));
    assertEquals(8, shape.getIndex(1));
    assertEquals(1, shape.getIndex(2));
  }

  @Test
  void jpegRatioTwoOfAFileCutShortIsTfsError() {
    // the header alone: scaled decoding runs out of data as the full-size one does
    RawOpsException e = fails("DecodeJpeg", grayHeader(), "ratio", 2L);
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("Invalid JPEG data"), e.getMessage());
  }

  @Test
  void truncatedJpegRecoveryIsUnimplemented() {
    // the header alone: its scan has no data, so libjpeg would recover with a fake EOI
    RawOpsException e = fails("DecodeJpeg", grayHeader(), "try_recover_truncated", true);
    assertEquals(Code.UNIMPLEMENTED, e.code(), e.getMessage());
    RawOpsException plain = fails("DecodeJpeg", grayHeader());
    assertEquals(Code.INVALID_ARGUMENT, plain.code(), plain.getMessage());
  }

  @Test
  void animatedGifThroughDecodePngIsTfsError() {
    byte[] gif = {
      'G',
      'I',
      'F',
      '8',
      '9',
      'a',
      1,
      0,
      1,
      0,
      (byte) 0x80,
      0,
      0,
      0,
      0,
      0,
      9,
      9,
      9, // 2 colours
      ',',
      0,
      0,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
      2,
      2,
      0x4C,
      0x01,
      0, // frame 1: one pixel, index 1
      ',',
      0,
      0,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
      2,
      2,
      0x44,
      0x01,
      0, // frame 2: one pixel, index 0
      ';'
    };
    Tensor frames = OneOp.of("DecodeGif").input(Tensor.ofByteStrings(Shape.scalar(), gif)).run();
    assertEquals(Shape.of(2, 1, 1, 3), frames.shape());
    assertEquals(9, frames.getIndex(0));
    assertEquals(0, frames.getIndex(3));
    RawOpsException e = fails("DecodePng", gif, "dtype", DType.UINT8);
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("Got 2 frames"), e.getMessage());
  }
}
