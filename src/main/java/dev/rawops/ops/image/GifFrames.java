package dev.rawops.ops.image;

import dev.rawops.ops.NodeInfo;
import java.util.List;

/**
 * gif_io.cc's Decode: the frames of a GIF read by {@link GifReader} composed on a canvas as large
 * as the largest frame (not the screen descriptor's size). Each frame starts as a copy of the one
 * before (the first as black where it does not cover the canvas), then its pixels are painted,
 * clipped to the canvas, skipping its transparent index (black on the first frame). A colour index
 * past the frame's colour map, a frame with no colour map at all, or no frame fails.
 */
final class GifFrames {
  private GifFrames() {}

  /** The composed frames, row-major frames × height × width × 3. */
  static final class Canvas {
    final int frames;
    final int height;
    final int width;
    final int[] samples;

    Canvas(int frames, int height, int width, int[] samples) {
      this.frames = frames;
      this.height = height;
      this.width = width;
      this.samples = samples;
    }
  }

  static Canvas decode(NodeInfo node, byte[] in, boolean expand) {
    GifReader gif = new GifReader(in);
    try {
      gif.open();
    } catch (GifReader.GifError e) {
      throw fail(node, in, "failed to open gif file: " + e.getMessage());
    }
    gif.slurp();
    List<GifReader.Frame> frames = gif.frames;
    if (gif.error != null
        && (frames.isEmpty() || frames.getLast().raster == null || gif.eofTooSoon)) {
      throw fail(node, in, "failed to slurp gif file: " + gif.error);
    }
    int width = 0;
    int height = 0;
    for (GifReader.Frame f : frames) {
      height = Math.max(height, f.height);
      width = Math.max(width, f.width);
    }
    int count = expand ? frames.size() : 1;
    long total = (long) count * height * width * 3;
    if (total > Integer.MAX_VALUE - 8) {
      throw node.error(
          dev.rawops.Code.RESOURCE_EXHAUSTED,
          "GIF of " + count + " frames of " + height + " by " + width + " is too large for rawops");
    }
    int plane = height * width * 3;
    int[] out = new int[(int) total];
    for (int k = 0; k < count; k++) {
      GifReader.Frame f = frames.get(k);
      int base = k * plane;
      if (k > 0) {
        System.arraycopy(out, base - plane, out, base, plane);
      }
      int top = f.top;
      int left = f.left;
      int bottom = Math.min(f.top + f.height, height);
      int right = Math.min(f.left + f.width, width);
      int[] map = f.colorMap != null ? f.colorMap : gif.globalMap;
      if (map == null) {
        throw fail(node, in, "missing color map for frame " + k);
      }
      for (int i = top; i < bottom; i++) {
        for (int j = left; j < right; j++) {
          int index = f.raster[(i - f.top) * f.width + (j - f.left)] & 0xFF;
          if (index == f.transparent) {
            continue;
          }
          if (index >= map.length) {
            throw fail(
                node,
                in,
                "found color index " + index + " outside of color map range " + map.length);
          }
          int at = base + (i * width + j) * 3;
          int rgb = map[index];
          out[at] = rgb >>> 16;
          out[at + 1] = (rgb >>> 8) & 0xFF;
          out[at + 2] = rgb & 0xFF;
        }
      }
    }
    return new Canvas(count, height, width, out);
  }

  private static RuntimeException fail(NodeInfo node, byte[] in, String why) {
    return node.invalidArgument("Invalid GIF data (size " + in.length + "), " + why);
  }
}
