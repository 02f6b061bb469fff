package dev.rawops.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile .npy headers end in a status naming the file and the problem, before anything is
 * allocated: never an unchecked exception, an overflow or an OutOfMemoryError.
 */
class NpyHardeningTest {
  @TempDir Path dir;

  private Path npy(String header, byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
    byte[] h = header.getBytes(StandardCharsets.ISO_8859_1);
    out.write(h.length & 0xff);
    out.write(h.length >> 8);
    out.write(h);
    out.write(data);
    Path p = Files.createTempFile(dir, "x", ".npy");
    Files.write(p, out.toByteArray());
    return p;
  }

  private void rejects(String header, byte[] data, Code code, String fragment) throws IOException {
    Path p = npy(header, data);
    RawOpsException e = assertThrows(RawOpsException.class, () -> Npy.read(p), header);
    assertEquals(code, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
    assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
  }

  private static String header(String descr, String shape) {
    return "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (" + shape + "), }\n";
  }

  @Test
  void malformedDescrs() throws IOException {
    byte[] four = new byte[4];
    rejects(header("", "1,"), four, Code.INVALID_ARGUMENT, "byte-order character");
    rejects(header("Xi4", "1,"), four, Code.INVALID_ARGUMENT, "byte-order character");
    rejects(header("|S", "1,"), four, Code.INVALID_ARGUMENT, "string width");
    rejects(header("|S-3", "1,"), four, Code.INVALID_ARGUMENT, "string width");
    rejects(header("|S99999999999", "1,"), four, Code.INVALID_ARGUMENT, "string width");
    rejects(header("<U999999999", "3,"), four, Code.INVALID_ARGUMENT, "shorter than");
    rejects(header("<i3", "1,"), four, Code.INVALID_ARGUMENT, "not supported");
  }

  /**
   * Found by NpyFuzzTest (Jazzer 0.26, instrumented): a version 2/3 file ending inside its length.
   */
  @Test
  void truncatedVersion3HeaderLength() throws IOException {
    for (int major : new int[] {2, 3}) {
      byte[] bytes = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) major, 0, 'v', ':', (byte) 0x93};
      Path p = Files.createTempFile(dir, "x", ".npy");
      Files.write(p, bytes);
      RawOpsException e = assertThrows(RawOpsException.class, () -> Npy.read(p));
      assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
      assertTrue(e.getMessage().contains("header length"), e.getMessage());
    }
  }

  @Test
  void invalidCodePoints() throws IOException {
    rejects(
        header("<U1", "1,"),
        new byte[] {0, 0, 0x11, 0},
        Code.INVALID_ARGUMENT,
        "invalid unicode code point");
    rejects(
        header("<U1", "1,"),
        new byte[] {0, (byte) 0xd8, 0, 0},
        Code.INVALID_ARGUMENT,
        "invalid unicode code point");
    rejects(
        header("<U1", "1,"),
        new byte[] {-1, -1, -1, -1},
        Code.INVALID_ARGUMENT,
        "invalid unicode code point");
  }

  @Test
  void shapesThatOverflowOrExhaust() throws IOException {
    byte[] four = new byte[4];
    rejects(header("<f8", "4294967296, 4294967296"), four, Code.INVALID_ARGUMENT, "64 bits");
    rejects(header("<f8", "-1,"), four, Code.INVALID_ARGUMENT, "not a dimension");
    rejects(header("<f8", "1152921504606846976,"), four, Code.INVALID_ARGUMENT, "64-bit");
    rejects(header("|S1", "3000000000,"), four, Code.RESOURCE_EXHAUSTED, "too many elements");
    rejects(header("<f4", "2147483648,"), four, Code.INVALID_ARGUMENT, "shorter than");
    rejects(header("<f4", "1, ".repeat(300)), four, Code.INVALID_ARGUMENT, "254");
  }

  @Test
  void bigEndianUnicodeIsReadInItsOrder() throws IOException {
    Tensor t = Npy.read(npy(header(">U1", "1,"), new byte[] {0, 0, 0, 'A'}));
    assertEquals("A", new String(t.getString(0), StandardCharsets.UTF_8));
  }
}
