package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Image codecs: PNGs built sample by sample ({@link PngBytes}) in every colour type and bit depth
 * (gray 1/2/4/8/16, gray+alpha, RGB, RGBA, palettes with and without tRNS, tRNS on gray and RGB),
 * Adam7-interlaced or not, every row filter, several IDATs and ancillary chunks, decoded by TF's
 * DecodePng with channels 0, 1, 3, 4 into uint8 and uint16; and corrupt files (CRC, filter byte,
 * truncation, missing chunks, bad IHDR) for TF's errors; then GIF, BMP, PNG through the other
 * decode ops and JPEG headers ({@link ImageFormatCases}); JPEGs TF encodes ({@link JpegCases});
 * EncodePng round trips ({@link EncodePngCases}); DecodeAndCropJpeg ({@link JpegCropCases}). The
 * file is always fed. Exact.
 */
public final class ImageCodecCases implements CaseFamily {
  @Override
  public String directory() {
    return "image_codecs";
  }

  private static void decode(CaseList out, String what, byte[] png, long channels, DType dtype) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fed(Tensor.ofByteStrings(Shape.scalar(), png), PartialShape.of(), Encoding.TYPED, false)
        .addTo(g, "png", feeds);
    g.op("image", "DecodePng", "png");
    g.attr("channels", channels);
    g.attr("dtype", dtype);
    out.add(what, g.build(), feeds, List.of("image"));
  }

  private static PngBytes image(Random r, int w, int h, int colorType, int depth) {
    PngBytes p = new PngBytes();
    p.width = w;
    p.height = h;
    p.colorType = colorType;
    p.bitDepth = depth;
    int n = w * h * p.channels();
    p.samples = new int[n];
    int top = colorType == 3 ? Math.min(1 << depth, 256) : 1 << depth;
    for (int i = 0; i < n; i++) {
      p.samples[i] = r.nextInt(top);
    }
    return p;
  }

  private static byte[] palette(Random r, int entries) {
    byte[] b = new byte[entries * 3];
    r.nextBytes(b);
    return b;
  }

  private static void everyWay(CaseList out, String what, byte[] png) {
    for (long c : new long[] {0, 1, 3, 4}) {
      decode(out, "DecodePng " + what + ", channels " + c + ", uint8", png, c, DType.UINT8);
    }
    for (long c : new long[] {0, 1, 3, 4}) {
      decode(out, "DecodePng " + what + ", channels " + c + ", uint16", png, c, DType.UINT16);
    }
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    decodePng(out, r);
    pngErrors(out, r);
    ImageFormatCases.gif(out, r);
    ImageFormatCases.bmp(out, r);
    ImageFormatCases.pngElsewhere(out, r);
    ImageFormatCases.jpegShape(out, r);
    JpegCases.cases(out, r);
    EncodePngCases.cases(out, r);
    JpegCropCases.cases(out, r);
    return out.cases();
  }

  private static void decodePng(CaseList out, Random r) {
    everyWay(out, "RGB 8-bit 5x4", image(r, 5, 4, 2, 8).bytes());
    everyWay(out, "RGBA 8-bit 6x3", image(r, 6, 3, 6, 8).bytes());
    everyWay(out, "gray 8-bit 7x5", image(r, 7, 5, 0, 8).bytes());
    everyWay(out, "gray+alpha 8-bit 4x4", image(r, 4, 4, 4, 8).bytes());
    everyWay(out, "gray 1-bit 11x3", image(r, 11, 3, 0, 1).bytes());
    everyWay(out, "gray 2-bit 9x2", image(r, 9, 2, 0, 2).bytes());
    everyWay(out, "gray 4-bit 5x3", image(r, 5, 3, 0, 4).bytes());
    everyWay(out, "RGB 16-bit 4x3", image(r, 4, 3, 2, 16).bytes());
    everyWay(out, "RGBA 16-bit 3x3", image(r, 3, 3, 6, 16).bytes());
    everyWay(out, "gray 16-bit 5x2", image(r, 5, 2, 0, 16).bytes());
    everyWay(out, "gray+alpha 16-bit 3x4", image(r, 3, 4, 4, 16).bytes());
    PngBytes pal8 = image(r, 6, 5, 3, 8);
    for (int i = 0; i < pal8.samples.length; i++) {
      pal8.samples[i] %= 40;
    }
    pal8.palette = palette(r, 40);
    everyWay(out, "palette 8-bit, 40 entries", pal8.bytes());
    PngBytes pal4 = image(r, 7, 3, 3, 4);
    pal4.palette = palette(r, 16);
    pal4.trns = new byte[] {0, (byte) 128, (byte) 255, 7, 64};
    everyWay(out, "palette 4-bit with a 5-entry tRNS", pal4.bytes());
    PngBytes pal4plain = image(r, 5, 2, 3, 4);
    pal4plain.palette = palette(r, 16);
    everyWay(out, "palette 4-bit without tRNS (filler 15)", pal4plain.bytes());
    PngBytes pal2 = image(r, 6, 3, 3, 2);
    pal2.palette = palette(r, 3);
    everyWay(out, "palette 2-bit, index 3 beyond a 3-entry PLTE", pal2.bytes());
    PngBytes pal1 = image(r, 9, 2, 3, 1);
    pal1.palette = palette(r, 2);
    pal1.trns = new byte[] {(byte) 200};
    everyWay(out, "palette 1-bit with tRNS", pal1.bytes());
    PngBytes grayTrns = image(r, 6, 4, 0, 8);
    grayTrns.samples[3] = 77;
    grayTrns.samples[10] = 77;
    grayTrns.trns = new byte[] {0, 77};
    everyWay(out, "gray 8-bit with tRNS", grayTrns.bytes());
    PngBytes gray2Trns = image(r, 7, 3, 0, 2);
    gray2Trns.trns = new byte[] {0, 2};
    everyWay(out, "gray 2-bit with tRNS", gray2Trns.bytes());
    PngBytes gray16Trns = image(r, 4, 3, 0, 16);
    gray16Trns.samples[5] = 0x1234;
    gray16Trns.trns = new byte[] {0x12, 0x34};
    everyWay(out, "gray 16-bit with tRNS", gray16Trns.bytes());
    PngBytes rgbTrns = image(r, 5, 3, 2, 8);
    rgbTrns.samples[3] = 10;
    rgbTrns.samples[4] = 20;
    rgbTrns.samples[5] = 30;
    rgbTrns.trns = new byte[] {0, 10, 0, 20, 0, 30};
    everyWay(out, "RGB 8-bit with tRNS", rgbTrns.bytes());
    PngBytes gray = image(r, 6, 6, 2, 8);
    for (int i = 0; i < 12; i += 3) {
      gray.samples[i + 1] = gray.samples[i];
      gray.samples[i + 2] = gray.samples[i];
    }
    everyWay(out, "RGB 8-bit with gray pixels", gray.bytes());
    PngBytes interlaced = image(r, 9, 7, 2, 8);
    interlaced.interlaced = true;
    everyWay(out, "RGB 8-bit 9x7 Adam7", interlaced.bytes());
    PngBytes interlaced1 = image(r, 10, 3, 0, 1);
    interlaced1.interlaced = true;
    everyWay(out, "gray 1-bit 10x3 Adam7", interlaced1.bytes());
    PngBytes interlacedPal = image(r, 5, 9, 3, 4);
    interlacedPal.palette = palette(r, 16);
    interlacedPal.interlaced = true;
    everyWay(out, "palette 4-bit 5x9 Adam7", interlacedPal.bytes());
    PngBytes interlaced16 = image(r, 8, 8, 6, 16);
    interlaced16.interlaced = true;
    everyWay(out, "RGBA 16-bit 8x8 Adam7", interlaced16.bytes());
    PngBytes tiny = image(r, 1, 1, 6, 8);
    tiny.interlaced = true;
    everyWay(out, "RGBA 8-bit 1x1 Adam7", tiny.bytes());
    PngBytes chunks = image(r, 12, 10, 2, 8);
    chunks.idatChunks = 4;
    chunks.textChunks = true;
    chunks.badAncillaryCrc = true;
    everyWay(out, "RGB 8-bit in 4 IDATs, tEXt, a tIME with a bad CRC", chunks.bytes());
    PngBytes adler = image(r, 4, 4, 0, 8);
    adler.badAdler = true;
    decode(out, "DecodePng bad zlib checksum after the last row", adler.bytes(), 0, DType.UINT8);
    PngBytes extra = image(r, 4, 4, 0, 8);
    extra.extraImageBytes = 9;
    decode(out, "DecodePng image data past the last row", extra.bytes(), 0, DType.UINT8);
  }

  private static void pngErrors(CaseList out, Random r) {
    byte[] good = image(r, 6, 5, 2, 8).bytes();
    decode(out, "DecodePng error: channels 2", good, 2, DType.UINT8);
    decode(out, "DecodePng error: empty input", new byte[0], 0, DType.UINT8);
    decode(
        out,
        "DecodePng error: truncated in IDAT",
        Arrays.copyOf(good, good.length - 30),
        0,
        DType.UINT8);
    decode(out, "DecodePng error: no IEND", Arrays.copyOf(good, good.length - 12), 0, DType.UINT8);
    decode(out, "DecodePng error: signature only", Arrays.copyOf(good, 8), 0, DType.UINT8);
    decode(out, "DecodePng error: truncated in IHDR", Arrays.copyOf(good, 20), 0, DType.UINT8);
    PngBytes p = image(r, 4, 4, 2, 8);
    p.badIhdrCrc = true;
    decode(out, "DecodePng error: IHDR CRC", p.bytes(), 0, DType.UINT8);
    p = image(r, 4, 4, 2, 8);
    p.badIdatCrc = true;
    decode(out, "DecodePng error: IDAT CRC", p.bytes(), 0, DType.UINT8);
    p = image(r, 4, 4, 2, 8);
    p.badFilterRow = 2;
    decode(out, "DecodePng error: filter byte 7", p.bytes(), 0, DType.UINT8);
    p = image(r, 4, 4, 2, 8);
    p.dropImageBytes = 5;
    decode(out, "DecodePng error: not enough image data", p.bytes(), 0, DType.UINT16);
    p = image(r, 4, 4, 2, 8);
    p.ihdrOverride = new int[] {-1, -1, 3, -1};
    decode(out, "DecodePng error: bit depth 3", p.bytes(), 0, DType.UINT8);
    p = image(r, 4, 4, 2, 8);
    p.ihdrOverride = new int[] {0, -1, -1, -1};
    decode(out, "DecodePng error: width 0", p.bytes(), 0, DType.UINT8);
    p = image(r, 4, 4, 2, 8);
    p.ihdrOverride = new int[] {1 << 27, -1, -1, -1};
    decode(out, "DecodePng error: width 2^27", p.bytes(), 0, DType.UINT8);
    p = image(r, 4, 4, 3, 8);
    decode(out, "DecodePng error: palette without PLTE", p.bytes(), 0, DType.UINT8);
    byte[] zlibGarbage = image(r, 4, 4, 0, 8).bytes();
    zlibGarbage[8 + 25 + 8 + 2] ^= (byte) 0xFF;
    decode(
        out, "DecodePng error: IDAT zlib data corrupt (CRC also off)", zlibGarbage, 0, DType.UINT8);
    byte[] bmp = new byte[40];
    bmp[0] = 'B';
    bmp[1] = 'M';
    decode(out, "DecodePng error: BMP contents", bmp, 0, DType.UINT8);
    decode(out, "DecodePng error: BMP contents, channels 1", bmp, 1, DType.UINT8);
    decode(
        out,
        "DecodePng error: unknown format",
        "not an image".getBytes(StandardCharsets.US_ASCII),
        0,
        DType.UINT8);
  }
}
