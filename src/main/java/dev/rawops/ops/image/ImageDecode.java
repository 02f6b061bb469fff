package dev.rawops.ops.image;

import dev.rawops.Code;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Tensor;

/**
 * The decoding half of TF's DecodeImageV2Op, shared by DecodePng, DecodeGif, DecodeBmp and
 * DecodeImage: the format chosen by the contents' magic bytes (JPEG, PNG, GIF, BMP; anything else
 * is "Unknown image file format"), whatever the op's name, then each format's rules for the op —
 * the channel counts a format accepts, the formats an op refuses (DecodeBmp decodes only BMP, only
 * DecodeBmp and DecodeImage decode BMP), 4-D outputs for DecodeGif and for DecodeImage with {@code
 * expand_animations}, one frame for the others. The samples come back at 8 bits, or 16 for a PNG
 * decoded to uint16 or float; {@link #decode}'s caller turns them into the op's dtype as TF does.
 */
public final class ImageDecode {
  private ImageDecode() {}

  /**
   * What the op asked for: its name, {@code channels} (3 for DecodeGif), output, and the JPEG
   * options (DecodeJpeg's attrs; TF's defaults for the other ops); DecodeAndCropJpeg's {@code
   * crop_window} input (null for the other ops).
   */
  public record Request(
      String op,
      int channels,
      Output output,
      boolean expandAnimations,
      JpegFlags jpeg,
      Tensor cropWindow) {
    public Request(
        String op, int channels, Output output, boolean expandAnimations, JpegFlags jpeg) {
      this(op, channels, output, expandAnimations, jpeg, null);
    }
  }

  /** DecodeJpeg's decoding attrs: the fast IDCT, fancy upsampling, truncated-file recovery. */
  public record JpegFlags(int ratio, boolean fastIdct, boolean fancy, boolean recover) {
    /** What TF's DecodeImageV2Op uses for ops without these attrs. */
    public static final JpegFlags DEFAULT = new JpegFlags(1, true, true, false);
  }

  /** The op's output dtype; PNGs decode at 16 bits for UINT16 and FLOAT. */
  public enum Output {
    UINT8,
    UINT16,
    FLOAT
  }

  /** Decoded samples, row-major over {@code shape}; {@code sixteen}: samples are 16-bit. */
  public static final class Decoded {
    private final long[] shape;
    private final int[] samples;
    private final boolean sixteen;

    Decoded(long[] shape, int[] samples, boolean sixteen) {
      this.shape = shape;
      this.samples = samples;
      this.sixteen = sixteen;
    }

    public long[] shape() {
      return shape.clone();
    }

    /** The samples themselves (not a copy): the caller reads them once. */
    public int[] samples() {
      return samples;
    }

    public boolean sixteen() {
      return sixteen;
    }
  }

  private enum Format {
    JPEG,
    PNG,
    GIF,
    BMP,
    UNKNOWN
  }

  private static boolean startsWith(byte[] in, int... magic) {
    if (in.length < magic.length) {
      return false;
    }
    for (int i = 0; i < magic.length; i++) {
      if ((in[i] & 0xFF) != magic[i]) {
        return false;
      }
    }
    return true;
  }

  private static Format classify(byte[] in) {
    if (startsWith(in, 0xFF, 0xD8, 0xFF)) {
      return Format.JPEG;
    }
    if (startsWith(in, 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n')) {
      return Format.PNG;
    }
    if (startsWith(in, 'G', 'I', 'F', '8')) {
      return Format.GIF;
    }
    if (startsWith(in, 'B', 'M')) {
      return Format.BMP;
    }
    return Format.UNKNOWN;
  }

  /** TF's kernel-construction check of the {@code channels} attr. */
  public static void checkChannels(NodeInfo node, long channels) {
    if (channels != 0 && channels != 1 && channels != 3 && channels != 4) {
      throw node.invalidArgument("`channels` must be 0, 1, 3 or 4 but got " + channels);
    }
  }

  /**
   * ExtractJpegShapeOp: [height, width, components] of a JPEG's header, or TF's "Invalid JPEG data"
   * for anything libjpeg-turbo cannot start decoding.
   */
  public static long[] jpegShape(NodeInfo node, byte[] in) {
    try {
      JpegHeader h = JpegHeader.read(in);
      return new long[] {h.height, h.width, h.components};
    } catch (JpegHeader.JpegError e) {
      throw node.invalidArgument("Invalid JPEG data, size " + in.length);
    }
  }

  /** DecodeImageV2Op::Compute after the scalar check. */
  public static Decoded decode(NodeInfo node, Request req, byte[] in) {
    if (in.length == 0) {
      throw node.invalidArgument("Input is empty.");
    }
    return switch (classify(in)) {
      case JPEG -> jpeg(node, req, in);
      case PNG -> png(node, req, in);
      case GIF -> gif(node, req, in);
      case BMP -> BmpDecoder.decode(node, req, in);
      case UNKNOWN ->
          throw node.invalidArgument(
              "Unknown image file format. One of JPEG, PNG, GIF, BMP required.");
    };
  }

  private static Decoded jpeg(NodeInfo node, Request req, byte[] in) {
    if (req.channels() == 4) {
      throw node.invalidArgument("JPEG does not support 4 channels");
    }
    if (req.op().equals("DecodeBmp")) {
      throw node.invalidArgument(
          "Trying to decode JPEG format using DecodeBmp op. Use `decode_jpeg` or `decode_image`"
              + " instead.");
    }
    int[] crop = null;
    if (req.cropWindow() != null) {
      crop = cropWindow(node, req.cropWindow());
    }
    JpegFlags f = req.jpeg();
    JpegDecoder d = new JpegDecoder(in, f.recover(), f.ratio());
    int[] samples;
    try {
      samples = d.decode(req.channels(), f.fastIdct(), f.fancy(), crop);
    } catch (JpegDecoder.JpegError e) {
      throw node.invalidArgument("jpeg::Uncompress failed. Invalid JPEG data or crop window.");
    } catch (JpegDecoder.Unsupported e) {
      throw node.error(
          Code.UNIMPLEMENTED, req.op() + " of " + e.getMessage() + " is not supported by rawops");
    }
    int channels =
        crop == null
            ? samples.length / (d.outWidth * d.outHeight)
            : samples.length / (crop[2] * crop[3]);
    if ((long) d.outWidth * d.outHeight * channels >= (1L << 29)) {
      throw node.invalidArgument("jpeg::Uncompress failed. Invalid JPEG data or crop window.");
    }
    if (crop != null) {
      return new Decoded(new long[] {crop[2], crop[3], channels}, samples, false);
    }
    long[] shape =
        req.op().equals("DecodeGif")
            ? new long[] {1, d.outHeight, d.outWidth, channels}
            : new long[] {d.outHeight, d.outWidth, channels};
    return new Decoded(shape, samples, false);
  }

  /** DecodeImageV2Op's checks of {@code crop_window}: [y, x, height, width]. */
  private static int[] cropWindow(NodeInfo node, Tensor window) {
    if (window.shape().rank() != 1) {
      throw node.invalidArgument("crop_window must be 1-D, got shape " + window.shape());
    }
    if (window.shape().dim(0) != 4) {
      throw node.invalidArgument("crop_size must have four elements " + window.shape());
    }
    int[] c = new int[4];
    for (int i = 0; i < 4; i++) {
      c[i] = (int) window.getIndex(i);
    }
    return c;
  }

  private static Decoded png(NodeInfo node, Request req, byte[] in) {
    boolean sixteen = req.output() != Output.UINT8;
    DecodePngGeometry.Image img =
        DecodePngGeometry.decode(
            node,
            in,
            req.channels(),
            sixteen,
            () -> {
              if (req.op().equals("DecodeBmp")) {
                throw node.invalidArgument(
                    "Trying to decode PNG format using DecodeBmp op. Use `decode_png` or"
                        + " `decode_image` instead.");
              }
              if (req.op().equals("DecodeAndCropJpeg")) {
                throw node.invalidArgument(
                    "DecodeAndCropJpeg operation can run on JPEG only, but detected PNG.");
              }
            });
    long[] shape =
        req.op().equals("DecodeGif")
            ? new long[] {1, img.height(), img.width(), img.channels()}
            : new long[] {img.height(), img.width(), img.channels()};
    return new Decoded(shape, img.samples(), sixteen);
  }

  private static Decoded gif(NodeInfo node, Request req, byte[] in) {
    if (req.channels() != 0 && req.channels() != 3) {
      throw node.invalidArgument("channels must be 0 or 3 for GIF, got " + req.channels());
    }
    if (req.op().equals("DecodeBmp")) {
      throw node.invalidArgument(
          "Trying to decode GIF format using DecodeBmp op. Use `decode_gif` or `decode_image`"
              + " instead.");
    }
    if (req.op().equals("DecodeAndCropJpeg")) {
      throw node.invalidArgument(
          "DecodeAndCropJpeg operation can run on JPEG only, but detected GIF.");
    }
    boolean expand = !req.op().equals("DecodeImage") || req.expandAnimations();
    GifFrames.Canvas c = GifFrames.decode(node, in, expand);
    boolean threeD = req.op().equals("DecodePng") || req.op().equals("DecodeJpeg");
    if (threeD && c.frames != 1) {
      throw node.invalidArgument(
          "Got "
              + c.frames
              + " frames, but animated gifs can only be decoded by tf.io.decode_gif or"
              + " tf.io.decode_image");
    }
    long[] shape =
        threeD || !expand
            ? new long[] {c.height, c.width, 3}
            : new long[] {c.frames, c.height, c.width, 3};
    return new Decoded(shape, c.samples, false);
  }
}
