package dev.rawops.ops.image;

import java.util.ArrayList;
import java.util.List;

/**
 * A GIF read as giflib's {@code DGifOpen} + {@code DGifSlurp} read it (the library TF links): the
 * "GIF" stamp, the screen descriptor and global colour map, then records until the trailer — image
 * descriptors with their local colour maps and LZW data (codes of up to 12 bits, the data-block
 * framing, interlaced rows put in place), and extensions, whose Graphic Control Extension gives the
 * following image its transparent index. A failure stops the read and leaves the images read so
 * far, as DGifSlurp does; {@link #error} then holds giflib's message.
 */
final class GifReader {
  static final int NO_TRANSPARENT = -1;
  private static final int LZ_MAX_CODE = 4095;
  private static final int LZ_BITS = 12;
  private static final int NO_SUCH_CODE = 4098;

  /** One image of the file: its place, its colour map (null: the global one) and its indices. */
  static final class Frame {
    int left;
    int top;
    int width;
    int height;
    int[] colorMap;
    int transparent = NO_TRANSPARENT;
    byte[] raster;
  }

  /** A read failure with giflib's error string. */
  static final class GifError extends Exception {
    private static final long serialVersionUID = 1L;

    GifError(String message) {
      super(message, null, false, false);
    }
  }

  private final byte[] in;
  private int pos;
  int[] globalMap;
  final List<Frame> frames = new ArrayList<>();

  /** giflib's message for the failure that stopped {@link #slurp}, or null. */
  String error;

  /** Whether the failure was D_GIF_ERR_EOF_TOO_SOON (TF then keeps no image at all). */
  boolean eofTooSoon;

  GifReader(byte[] in) {
    this.in = in;
  }

  private int read() throws GifError {
    if (pos >= in.length) {
      throw new GifError("Failed to read from given file");
    }
    return in[pos++] & 0xFF;
  }

  private int word() throws GifError {
    int lo = read();
    return lo | read() << 8;
  }

  private int[] colorMap(int bits) throws GifError {
    int[] map = new int[1 << bits];
    for (int i = 0; i < map.length; i++) {
      int r = read();
      int g = read();
      int b = read();
      map[i] = r << 16 | g << 8 | b;
    }
    return map;
  }

  /** DGifOpen: stamp and screen descriptor; the message is TF's "failed to open" reason. */
  void open() throws GifError {
    if (in.length < 6) {
      throw new GifError("Failed to read from given file");
    }
    pos = 6;
    try {
      word();
      word();
      int packed = read();
      read();
      read();
      if ((packed & 0x80) != 0) {
        globalMap = colorMap((packed & 7) + 1);
      }
    } catch (GifError e) {
      throw new GifError("No screen descriptor detected");
    }
  }

  /** DGifSlurp: reads records until the trailer or the first failure (then {@link #error}). */
  void slurp() {
    int[] pendingGce = null;
    try {
      while (true) {
        int record = read();
        if (record == ';') {
          break;
        } else if (record == ',') {
          Frame f = imageDescriptor();
          if (pendingGce != null) {
            f.transparent = pendingGce[0];
          }
          pendingGce = null;
          readRaster(f);
        } else if (record == '!') {
          int[] gce = extension();
          if (gce != null && pendingGce == null) {
            pendingGce = gce;
          }
        } else {
          throw new GifError("Wrong record type detected");
        }
      }
      if (frames.isEmpty()) {
        throw new GifError("No Image Descriptor detected");
      }
    } catch (GifError e) {
      error = e.getMessage();
      eofTooSoon = error.equals(EOF_TOO_SOON);
    }
  }

  private static final String EOF_TOO_SOON = "Image EOF detected before image complete";
  private static final String DEFECT = "Image is defective, decoding aborted";

  private Frame imageDescriptor() throws GifError {
    Frame f = new Frame();
    f.left = word();
    f.top = word();
    f.width = word();
    f.height = word();
    int packed = read();
    if ((packed & 0x80) != 0) {
      f.colorMap = colorMap((packed & 7) + 1);
    }
    boolean interlaced = (packed & 0x40) != 0;
    frames.add(f);
    int codeSize = read();
    if (codeSize >= 12) {
      throw new GifError("Failed to read from given file");
    }
    if (f.width <= 0 || f.height <= 0) {
      frames.remove(frames.size() - 1);
      throw new GifError("Failed to read from given file");
    }
    if ((long) f.width * f.height > Integer.MAX_VALUE - 8) {
      throw new GifError("Failed to allocate required memory");
    }
    f.raster = new byte[f.width * f.height];
    lzwInit(codeSize, interlaced);
    return f;
  }

  /** An extension: its blocks skipped; a Graphic Control Extension's transparent index returned. */
  private int[] extension() throws GifError {
    int function = read();
    int[] gce = null;
    int len = read();
    if (len > 0) {
      if (pos + len > in.length) {
        pos = in.length;
        throw new GifError("Failed to read from given file");
      }
      if (function == 0xF9) {
        int transparent = len == 4 && (in[pos] & 1) != 0 ? in[pos + 3] & 0xFF : NO_TRANSPARENT;
        gce = new int[] {transparent};
      }
      pos += len;
    }
    // giflib reads continuation blocks after the first one, even after an empty first one
    skipBlocks();
    return gce;
  }

  /** Data blocks up to and including the empty one. */
  private void skipBlocks() throws GifError {
    while (true) {
      int len = read();
      if (len == 0) {
        return;
      }
      if (pos + len > in.length) {
        pos = in.length;
        throw new GifError("Failed to read from given file");
      }
      pos += len;
    }
  }

  // LZW state (giflib's GifFilePrivateType)
  private int clearCode;
  private int eofCode;
  private int runningCode;
  private int runningBits;
  private int maxCode1;
  private int lastCode;
  private int bitsPerPixel;
  private long shiftWord;
  private int shiftState;
  private int blockLeft;
  private boolean interlace;
  private final int[] prefix = new int[LZ_MAX_CODE + 1];
  private final int[] suffix = new int[LZ_MAX_CODE + 1];
  private final int[] stack = new int[LZ_MAX_CODE];

  private void lzwInit(int codeSize, boolean interlaced) {
    bitsPerPixel = codeSize;
    clearCode = 1 << codeSize;
    eofCode = clearCode + 1;
    runningCode = eofCode + 1;
    runningBits = codeSize + 1;
    maxCode1 = 1 << runningBits;
    lastCode = NO_SUCH_CODE;
    shiftState = 0;
    shiftWord = 0;
    blockLeft = 0;
    interlace = interlaced;
    java.util.Arrays.fill(prefix, NO_SUCH_CODE);
  }

  private int nextByte() throws GifError {
    if (blockLeft == 0) {
      int len = read();
      if (len == 0) {
        throw new GifError(DEFECT);
      }
      if (pos + len > in.length) {
        pos = in.length;
        throw new GifError("Failed to read from given file");
      }
      blockLeft = len;
    }
    blockLeft--;
    return in[pos++] & 0xFF;
  }

  private int nextCode() throws GifError {
    if (runningBits > LZ_BITS) {
      throw new GifError(DEFECT);
    }
    while (shiftState < runningBits) {
      shiftWord |= (long) nextByte() << shiftState;
      shiftState += 8;
    }
    int code = (int) (shiftWord & ((1 << runningBits) - 1));
    shiftWord >>>= runningBits;
    shiftState -= runningBits;
    if (runningCode < LZ_MAX_CODE + 2 && ++runningCode > maxCode1 && runningBits < LZ_BITS) {
      maxCode1 <<= 1;
      runningBits++;
    }
    return code;
  }

  private int prefixChar(int code) {
    int i = 0;
    while (code > clearCode && i++ <= LZ_MAX_CODE) {
      if (code > LZ_MAX_CODE) {
        return NO_SUCH_CODE;
      }
      code = prefix[code];
    }
    return code;
  }

  /** DGifGetLine over the whole image (row by row for interlaced ones), then the blocks' end. */
  private void readRaster(Frame f) throws GifError {
    int n = f.width * f.height;
    byte[] pixels = interlace ? new byte[n] : f.raster;
    int sp = 0;
    int i = 0;
    while (i < n) {
      if (sp != 0) {
        while (sp != 0 && i < n) {
          pixels[i++] = (byte) stack[--sp];
        }
        continue;
      }
      int code = nextCode();
      if (code == eofCode) {
        throw new GifError(EOF_TOO_SOON);
      } else if (code == clearCode) {
        java.util.Arrays.fill(prefix, NO_SUCH_CODE);
        runningCode = eofCode + 1;
        runningBits = bitsPerPixel + 1;
        maxCode1 = 1 << runningBits;
        lastCode = NO_SUCH_CODE;
      } else {
        if (code < clearCode) {
          pixels[i++] = (byte) code;
        } else {
          int crntPrefix;
          if (prefix[code] == NO_SUCH_CODE) {
            crntPrefix = lastCode;
            int c = prefixChar(code == runningCode - 2 ? lastCode : code);
            suffix[runningCode - 2] = c;
            stack[sp++] = c;
          } else {
            crntPrefix = code;
          }
          while (sp < LZ_MAX_CODE && crntPrefix > clearCode && crntPrefix <= LZ_MAX_CODE) {
            stack[sp++] = suffix[crntPrefix];
            crntPrefix = prefix[crntPrefix];
          }
          if (sp >= LZ_MAX_CODE || crntPrefix > LZ_MAX_CODE) {
            throw new GifError(DEFECT);
          }
          stack[sp++] = crntPrefix;
          while (sp != 0 && i < n) {
            pixels[i++] = (byte) stack[--sp];
          }
        }
        if (lastCode != NO_SUCH_CODE
            && runningCode - 2 < LZ_MAX_CODE + 1
            && prefix[runningCode - 2] == NO_SUCH_CODE) {
          prefix[runningCode - 2] = lastCode;
          suffix[runningCode - 2] = prefixChar(code == runningCode - 2 ? lastCode : code);
        }
        lastCode = code;
      }
    }
    if (interlace) {
      deinterlace(pixels, f);
    }
    // the rest of the current block, then every block up to the empty one
    if (pos + blockLeft > in.length) {
      pos = in.length;
      throw new GifError("Failed to read from given file");
    }
    pos += blockLeft;
    blockLeft = 0;
    skipBlocks();
  }

  private static void deinterlace(byte[] pixels, Frame f) {
    int[] offsets = {0, 4, 2, 1};
    int[] jumps = {8, 8, 4, 2};
    int row = 0;
    for (int pass = 0; pass < 4; pass++) {
      for (int j = offsets[pass]; j < f.height; j += jumps[pass]) {
        System.arraycopy(pixels, row * f.width, f.raster, j * f.width, f.width);
        row++;
      }
    }
  }
}
