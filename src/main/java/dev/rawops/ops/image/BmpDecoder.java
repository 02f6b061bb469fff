package dev.rawops.ops.image;

import dev.rawops.ops.NodeInfo;

/**
 * DecodeImageV2Op::DecodeBmpV2: the BMP read as TF reads it — the pixel-data offset (byte 10),
 * width (18), height (22, negative: rows top down) and bits per pixel (28) of the header, nothing
 * else (no compression, no palette); 8, 24 or 32 bits per pixel, rows padded to 4 bytes, the file
 * exactly header plus rows long; BGR(A) turned to RGB(A), gray repeated, alpha 255 added.
 */
final class BmpDecoder {
  private BmpDecoder() {}

  private static int int32(byte[] b, int at) {
    return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | b[at + 3] << 24;
  }

  static ImageDecode.Decoded decode(NodeInfo node, ImageDecode.Request req, byte[] in) {
    int channels = req.channels();
    if (channels == 1) {
      throw node.invalidArgument("`channels` must be 0, 3 or 4 for BMP, but got 1");
    }
    String op = req.op();
    if (!op.equals("DecodeBmp") && !op.equals("DecodeImage")) {
      if (op.equals("DecodeAndCropJpeg")) {
        throw node.invalidArgument(
            "DecodeAndCropJpeg operation can run on JPEG only, but detected BMP.");
      }
      throw node.invalidArgument(
          "Trying to decode BMP format using a wrong op. Use `decode_bmp` or `decode_image`"
              + " instead. Op used: "
              + op);
    }
    if (in.length < 32) {
      throw node.invalidArgument(
          "Incomplete bmp content, requires at least 32 bytes to find the header size, width,"
              + " height, and bpp, got "
              + in.length
              + " bytes");
    }
    int headerSize = int32(in, 10);
    int width = int32(in, 18);
    int height = int32(in, 22);
    short bpp = (short) ((in[28] & 0xFF) | in[29] << 8);
    int imgChannels = bpp / 8;
    if (imgChannels != 1 && imgChannels != 3 && imgChannels != 4) {
      throw node.invalidArgument(
          "Number of channels inherent in the image must be 1, 3 or 4, was " + imgChannels);
    }
    int outChannels = channels != 0 ? channels : imgChannels;
    if (width <= 0) {
      throw node.invalidArgument("Width must be positive");
    }
    if (height == 0) {
      throw node.invalidArgument("Height must be nonzero");
    }
    if (headerSize < 0) {
      throw node.invalidArgument("header size must be nonnegative");
    }
    long absHeight = Math.abs((long) height);
    if ((long) width * absHeight >= Integer.MAX_VALUE / 8) {
      throw node.invalidArgument("Total possible pixel bytes must be less than 2^30");
    }
    int rows = Math.abs(height);
    int rowSize = (imgChannels * width + 3) / 4 * 4;
    int sizeDiff = in.length - headerSize - rowSize * rows;
    if (sizeDiff != 0) {
      throw node.invalidArgument(
          "Input size should match (header_size + row_size * abs_height) but they differ by "
              + sizeDiff);
    }
    boolean topDown = height < 0;
    int[] out = new int[rows * width * outChannels];
    for (int i = 0; i < rows; i++) {
      int row = headerSize + (topDown ? i : rows - 1 - i) * rowSize;
      for (int j = 0; j < width; j++) {
        int src = row + j * imgChannels;
        int dst = (i * width + j) * outChannels;
        if (imgChannels == 1) {
          int v = in[src] & 0xFF;
          out[dst] = v;
          if (outChannels >= 3) {
            out[dst + 1] = v;
            out[dst + 2] = v;
          }
        } else {
          out[dst] = in[src + 2] & 0xFF;
          out[dst + 1] = in[src + 1] & 0xFF;
          out[dst + 2] = in[src] & 0xFF;
        }
        if (outChannels == 4) {
          out[dst + 3] = imgChannels == 4 ? in[src + 3] & 0xFF : 0xFF;
        }
      }
    }
    return new ImageDecode.Decoded(new long[] {rows, width, outChannels}, out, false);
  }
}
