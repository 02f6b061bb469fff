package dev.rawops.ops.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The encoder's documented fixed points (the byte-for-byte comparison with TF is the jpeg_encode
 * fixtures'): libjpeg's quality scaling (its usage.txt and jcparam.c: quality 50 is the JPEG
 * standard's Annex K tables themselves, quality 100 all ones, quality 0 treated as 1), and the
 * failures TF's wrapper and libjpeg report.
 */
class JpegEncoderTest {
  /** ITU T.81 Annex K, Table K.1, in natural order. */
  private static final int[] ANNEX_K_LUMINANCE = {
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
    14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113,
    92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99
  };

  @Test
  void qualityScalingFollowsLibjpeg() {
    assertArrayEquals(ANNEX_K_LUMINANCE, JpegEncoder.quantTable(ANNEX_K_LUMINANCE, 50));
    int[] ones = new int[64];
    Arrays.fill(ones, 1);
    assertArrayEquals(ones, JpegEncoder.quantTable(ANNEX_K_LUMINANCE, 100));
    // quality 1: scale 5000%, clamped to baseline's 255
    int[] q1 = JpegEncoder.quantTable(ANNEX_K_LUMINANCE, 1);
    assertEquals(255, q1[0]);
    assertArrayEquals(q1, JpegEncoder.quantTable(ANNEX_K_LUMINANCE, 0));
    // quality 75 (libjpeg's default): scale 50%, (16 * 50 + 50) / 100 = 8
    assertEquals(8, JpegEncoder.quantTable(ANNEX_K_LUMINANCE, 75)[0]);
  }

  private static JpegEncoder.Options options(ByteString xmp) {
    return new JpegEncoder.Options(95, false, false, true, 1, 300, 300, xmp);
  }

  @Test
  void libjpegsLimitsFail() {
    assertThrows(
        JpegEncoder.EncodeError.class,
        () -> JpegEncoder.encode(new byte[65501], 65501, 1, 1, options(ByteString.EMPTY)));
    assertThrows(
        JpegEncoder.EncodeError.class,
        () -> JpegEncoder.encode(new byte[0], 0, 3, 3, options(ByteString.EMPTY)));
    byte[] longest = new byte[65533 - 29];
    byte[] file = assertDoesNotThrowEncode(longest);
    // SOI, APP0 (18 bytes), then APP1 whose length field counts itself: 65533 + 2
    assertEquals(0xE1, file[2 + 18 + 1] & 0xFF);
    assertEquals(65535, (file[2 + 18 + 2] & 0xFF) << 8 | (file[2 + 18 + 3] & 0xFF));
    assertThrows(
        JpegEncoder.EncodeError.class,
        () ->
            JpegEncoder.encode(
                new byte[4], 2, 2, 1, options(ByteString.copyFrom(new byte[longest.length + 1]))));
  }

  private static byte[] assertDoesNotThrowEncode(byte[] xmp) {
    try {
      return JpegEncoder.encode(new byte[4], 2, 2, 1, options(ByteString.copyFrom(xmp)));
    } catch (JpegEncoder.EncodeError e) {
      throw new AssertionError(e);
    }
  }
}
