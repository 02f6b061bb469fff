package dev.rawops.ops.image;

import java.util.Arrays;

/**
 * A baseline and progressive Huffman JPEG decoder that follows libjpeg-turbo's documented
 * algorithms step for step, so that it gives TF's bytes: the coefficients (restart intervals, and
 * libjpeg's zero bits and skipped MCUs where a scan ends early), dequantized and
 * inverse-transformed by jidctint.c's accurate integer IDCT ({@code INTEGER_ACCURATE}) or
 * jidctfst.c's fast one (TF's default: scaled quantization tables, truncating descales), the result
 * range-limited through libjpeg's wrapping table; chroma upsampled by jdsample.c's triangle filters
 * (h2v1, h1v2, h2v2 "fancy" upsampling, the rows above the first and below the last repeating them)
 * or by replication (TF's {@code fancy_upscaling=false}: jdmerge.c's merged upsampler is
 * replication followed by the same conversion); jdcolor.c's fixed-point YCbCr to RGB; gray output
 * the Y plane alone. Scaled decoding ({@code ratio} 2, 4, 8) with jidctred.c's reduced IDCTs
 * ({@link JpegIdctReduced}); 4-component (CMYK, YCCK) files turned into RGB as TF does.
 */
final class JpegDecoder {
  /** The file cannot be decoded (libjpeg's error_exit). */
  static final class JpegError extends Exception {
    private static final long serialVersionUID = 1L;

    JpegError(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * What rawops does not decode (arithmetic coding, 2 or 5+ components, a cut file with recovery).
   */
  static final class Unsupported extends Exception {
    private static final long serialVersionUID = 1L;

    Unsupported(String message) {
      super(message, null, false, false);
    }
  }

  private static final int[] ZIGZAG = {
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59,
    52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63
  };

  /**
   * jpeg_natural_order with libjpeg's 16 guard entries: a run past the last coefficient (corrupt
   * data) lands on coefficient 63.
   */
  private static int zz(int k) {
    return k < 64 ? ZIGZAG[k] : 63;
  }

  private final byte[] in;
  private final boolean recover;
  private int pos;
  private final int[][] quant = new int[4][];
  private final Huffman[] dc = new Huffman[4];
  private final Huffman[] ac = new Huffman[4];
  private int restartInterval;
  private boolean adobe;
  private int adobeTransform = -1;
  private boolean progressive;
  private boolean sawSof;
  int width;
  int height;

  /**
   * The output size: the image's at {@code ratio} 1, else scaled as jpeg_calc_output_dimensions.
   */
  int outWidth;

  int outHeight;

  /** Samples per block side in the output: 8 / ratio (jdmaster.c's min_DCT_scaled_size). */
  private final int scaled;

  private Component[] comps;
  private int maxH;
  private int maxV;
  private int mcusX;
  private int mcusY;

  private static final class Component {
    int id;
    int h;
    int v;
    int tq;
    int blocksW;
    int blocksH;
    int dsWidth;
    int dsHeight;
    int[] coef; // blocksH × blocksW × 64, natural order
    int dcPred;
    Huffman dcTable;
    Huffman acTable;
  }

  private static final class Huffman {
    final int[] maxCode = new int[18];
    final int[] valOffset = new int[17];
    final int[] values;

    Huffman(int[] counts, int[] values) {
      this.values = values;
      int code = 0;
      int k = 0;
      for (int l = 1; l <= 16; l++) {
        valOffset[l] = k - code;
        code += counts[l - 1];
        k += counts[l - 1];
        maxCode[l] = counts[l - 1] > 0 ? code - 1 : -1;
        code <<= 1;
      }
      maxCode[17] = Integer.MAX_VALUE;
    }
  }

  JpegDecoder(byte[] in, boolean recover) {
    this(in, recover, 1);
  }

  /** {@code ratio}: 1, 2, 4 or 8 (TF's scale_denom; checked by the op). */
  JpegDecoder(byte[] in, boolean recover, int ratio) {
    this.in = in;
    this.recover = recover;
    this.scaled = 8 / ratio;
  }

  // ---- bytes and markers (TF's memory source: a fake EOI once with try_recover, else an error)

  private int byte1() throws JpegError, Unsupported {
    if (pos < in.length) {
      return in[pos++] & 0xFF;
    }
    if (recover) {
      // TF's source would now insert a fake EOI and libjpeg fill the rest with what its entropy
      // decoder makes of zero bits (and smooth progressive blocks): not reproduced bit for bit
      throw new Unsupported("a truncated JPEG with try_recover_truncated");
    }
    throw new JpegError("Input file read error");
  }

  private int word() throws JpegError, Unsupported {
    int hi = byte1();
    return hi << 8 | byte1();
  }

  private int nextMarker() throws JpegError, Unsupported {
    while (true) {
      int c = byte1();
      while (c != 0xFF) {
        c = byte1();
      }
      do {
        c = byte1();
      } while (c == 0xFF);
      if (c != 0) {
        return c;
      }
    }
  }

  /** Decodes to interleaved samples: [height][width][channels], channels 1 or 3. */
  int[] decode(int channels, boolean fast, boolean fancy) throws JpegError, Unsupported {
    return decode(channels, fast, fancy, null);
  }

  /**
   * As {@link #decode(int, boolean, boolean)}, cropped to {@code crop} ([y, x, height, width];
   * null: the whole image) as TF's DecodeAndCropJpeg does it through libjpeg-turbo: the window
   * checked against the image (jpeg_mem.cc's IsCropWindowValid, a {@link JpegError} otherwise), its
   * columns widened left to an iMCU boundary (jpeg_crop_scanline), and the chroma upsampled as if
   * that widened column range were the whole image: the fancy filters replicate the edge samples at
   * its left and right ends instead of reading the neighbours outside it, and a component left one
   * sample wide is replicated. Rows are decoded as in the full image (jpeg_skip_scanlines).
   */
  int[] decode(int channels, boolean fast, boolean fancy, int[] crop)
      throws JpegError, Unsupported {
    if (in.length < 2 || (in[0] & 0xFF) != 0xFF || (in[1] & 0xFF) != 0xD8) {
      throw new JpegError("Not a JPEG file");
    }
    pos = 2;
    cropLastRow = crop == null ? -1 : crop[0] + crop[2] - 1;
    contextChannels = channels;
    contextFancy = fancy;
    boolean frameDone = false;
    int pending = -1;
    while (!frameDone) {
      int m = pending >= 0 ? pending : nextMarker();
      pending = -1;
      switch (m) {
        case 0xC0, 0xC1, 0xC2 -> sof(m == 0xC2);
        case 0xC9, 0xCA -> throw new Unsupported("arithmetic-coded JPEG");
        case 0xC3, 0xC5, 0xC6, 0xC7, 0xCB, 0xCD, 0xCE, 0xCF ->
            throw new JpegError("Unsupported JPEG process");
        case 0xC4 -> dht();
        case 0xDB -> dqt();
        case 0xDD -> {
          word();
          restartInterval = word();
        }
        case 0xDA -> pending = scan();
        case 0xD9 -> {
          if (!sawSof) {
            throw new JpegError("JPEG datastream contains no image");
          }
          frameDone = true;
        }
        case 0xEE -> app14();
        case 0xD8 -> throw new JpegError("two SOI markers");
        default -> {
          if ((m >= 0xD0 && m <= 0xD7) || m == 0x01) {
            continue;
          }
          int len = word();
          for (int i = 2; i < len; i++) {
            byte1();
          }
        }
      }
      if (pending == -2) {
        frameDone = true;
      }
    }
    return output(channels, fast, fancy, crop);
  }

  private void app14() throws JpegError, Unsupported {
    int len = word();
    byte[] b = new byte[Math.max(0, len - 2)];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) byte1();
    }
    if (b.length >= 12 && b[0] == 'A' && b[1] == 'd' && b[2] == 'o' && b[3] == 'b' && b[4] == 'e') {
      adobe = true;
      adobeTransform = b[11] & 0xFF;
    }
  }

  private void sof(boolean prog) throws JpegError, Unsupported {
    word();
    int precision = byte1();
    height = word();
    width = word();
    int n = byte1();
    if (sawSof) {
      throw new JpegError("two SOF markers");
    }
    if (height <= 0 || width <= 0 || n <= 0) {
      throw new JpegError("Empty JPEG image");
    }
    if (precision != 8) {
      throw new JpegError("Unsupported JPEG data precision");
    }
    sawSof = true;
    progressive = prog;
    comps = new Component[n];
    for (int i = 0; i < n; i++) {
      Component c = new Component();
      c.id = byte1();
      int s = byte1();
      c.h = s >> 4;
      c.v = s & 15;
      c.tq = byte1();
      if (c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4) {
        throw new JpegError("Bogus sampling factors");
      }
      comps[i] = c;
      maxH = Math.max(maxH, c.h);
      maxV = Math.max(maxV, c.v);
    }
    if (n != 1 && n != 3 && n != 4) {
      throw new Unsupported(n + "-component JPEG");
    }
    outWidth = ceilDiv(width * scaled, 8);
    outHeight = ceilDiv(height * scaled, 8);
    if ((long) outWidth * outHeight * n >= (1L << 29)) {
      throw new JpegError("Image too large"); // TF's own limit, checked before decoding
    }
    mcusX = ceilDiv(width, 8 * maxH);
    mcusY = ceilDiv(height, 8 * maxV);
    for (Component c : comps) {
      c.blocksW = mcusX * c.h;
      c.blocksH = mcusY * c.v;
      c.dsWidth = ceilDiv(width * c.h, maxH);
      c.dsHeight = ceilDiv(height * c.v, maxV);
      c.coef = new int[c.blocksW * c.blocksH * 64];
    }
  }

  /**
   * A component's IDCT size: jdmaster.c doubles the output scale for components sampled less often,
   * so that 4:2:0 chroma at ratio 2 is transformed at 8×8 and needs no upsampling.
   */
  private int componentScale(Component c) {
    int size = scaled;
    while (size < 8
        && (maxH * scaled) % (c.h * size * 2) == 0
        && (maxV * scaled) % (c.v * size * 2) == 0) {
      size *= 2;
    }
    return size;
  }

  /** A component's table; all zero (libjpeg's empty IDCT table) if no scan ever named one. */
  private int[] quantOf(Component c) {
    int[] q = c.tq < 4 ? quant[c.tq] : null;
    return q != null ? q : new int[64];
  }

  private static int ceilDiv(int a, int b) {
    return (a + b - 1) / b;
  }

  private void dht() throws JpegError, Unsupported {
    int length = word() - 2;
    while (length > 16) {
      int index = byte1();
      int[] counts = new int[16];
      int total = 0;
      for (int i = 0; i < 16; i++) {
        counts[i] = byte1();
        total += counts[i];
      }
      length -= 17;
      if (total > 256 || total > length) {
        throw new JpegError("Bogus Huffman table definition");
      }
      int[] values = new int[total];
      for (int i = 0; i < total; i++) {
        values[i] = byte1();
      }
      length -= total;
      Huffman h = new Huffman(counts, values);
      if ((index & 0x10) != 0) {
        ac[index & 3] = h;
      } else {
        dc[index & 3] = h;
      }
    }
  }

  private void dqt() throws JpegError, Unsupported {
    int length = word() - 2;
    while (length > 0) {
      int t = byte1();
      length--;
      int prec = t >> 4;
      int index = t & 15;
      if (index >= 4) {
        throw new JpegError("Bogus DQT index");
      }
      int[] q = new int[64];
      java.util.Arrays.fill(q, 1);
      int count = Math.min(64, prec != 0 ? length >> 1 : length);
      for (int i = 0; i < count; i++) {
        q[ZIGZAG[i]] = prec != 0 ? word() : byte1();
      }
      length -= prec != 0 ? 2 * count : count;
      quant[index] = q;
    }
  }

  // ---- entropy decoding

  private long bitBuf;
  private int bitCount;
  private boolean hitMarker;
  private int unreadMarker = -1;
  private boolean insufficient;
  private int eobrun;

  private void resetBits() {
    bitBuf = 0;
    bitCount = 0;
  }

  /** jdhuff.c's fill_bit_buffer: bytes up to a marker, then zero bits (and no more data). */
  private void fill(int needed) throws JpegError, Unsupported {
    while (bitCount <= 48 && !hitMarker) {
      int b = byte1();
      if (b == 0xFF) {
        int next = byte1();
        while (next == 0xFF) {
          next = byte1();
        }
        if (next != 0) {
          unreadMarker = next;
          hitMarker = true;
          break;
        }
      }
      bitBuf = bitBuf << 8 | b;
      bitCount += 8;
    }
    while (bitCount < needed) {
      insufficient = true;
      bitBuf <<= 8;
      bitCount += 8;
    }
  }

  private int bits(int n) throws JpegError, Unsupported {
    if (n == 0) {
      return 0;
    }
    if (bitCount < n) {
      fill(n);
    }
    bitCount -= n;
    return (int) ((bitBuf >>> bitCount) & ((1L << n) - 1));
  }

  private int bit() throws JpegError, Unsupported {
    return bits(1);
  }

  private int huff(Huffman h) throws JpegError, Unsupported {
    int code = bit();
    int l = 1;
    while (l <= 16 && code > h.maxCode[l]) {
      code = code << 1 | bit();
      l++;
    }
    if (l > 16) {
      return 0; // JWRN_HUFF_BAD_CODE: libjpeg goes on with symbol 0
    }
    return h.values[h.valOffset[l] + code];
  }

  private static int extend(int v, int s) {
    return s == 0 ? 0 : v < (1 << (s - 1)) ? v - (1 << s) + 1 : v;
  }

  /** DecodeAndCropJpeg's last output row (-1: the whole image), for {@link #lastMcuRowRead}. */
  private int cropLastRow = -1;

  private int contextChannels;
  private boolean contextFancy;

  /**
   * The last iMCU row libjpeg-turbo decodes for a crop window in a single-scan file, when TF stops
   * reading scanlines after the window's last row: the row holding it, and the next one where
   * jdmainct.c's context rows (the fancy vertical filters) need it for the window's last row group.
   * Integer.MAX_VALUE: all of them.
   */
  private int lastMcuRowRead() {
    if (cropLastRow < 0) {
      return Integer.MAX_VALUE;
    }
    int imcuRows = (comps.length == 1 ? 1 : maxV) * scaled;
    int k = cropLastRow / imcuRows;
    boolean context = false;
    int needed = contextChannels == 1 ? 1 : comps.length;
    for (int i = 0; i < needed && contextFancy && scaled > 1; i++) {
      Component c = comps[i];
      int size = componentScale(c);
      int fh = maxH * scaled / (c.h * size);
      int fv = maxV * scaled / (c.v * size);
      int dsW = ceilDiv(width * c.h * size, maxH * 8);
      context |= fv == 2 && (fh == 1 || (fh == 2 && dsW > 2));
    }
    int rowGroup = comps.length == 1 ? 1 : maxV;
    if (context && cropLastRow >= (k + 1) * imcuRows - rowGroup) {
      k++;
    }
    return k;
  }

  /** An SOS: reads the scan; returns the marker that ended it (-2 for EOI). */
  private int scan() throws JpegError, Unsupported {
    if (!sawSof) {
      throw new JpegError("SOS before SOF");
    }
    word();
    int n = byte1();
    Component[] sc = new Component[n];
    for (int i = 0; i < n; i++) {
      int id = byte1();
      int t = byte1();
      for (Component c : comps) {
        if (c.id == id) {
          sc[i] = c;
        }
      }
      if (sc[i] == null) {
        throw new JpegError("Invalid component ID in SOS");
      }
      if ((t >> 4) > 3 || (t & 15) > 3) {
        throw new JpegError("Huffman table index out of range");
      }
      sc[i].dcTable = dc[t >> 4];
      sc[i].acTable = ac[t & 15];
      if (quant[sc[i].tq & 3] == null || sc[i].tq > 3) {
        throw new JpegError("Quantization table was not defined");
      }
    }
    int ss = byte1();
    int se = byte1();
    int a = byte1();
    int ah = a >> 4;
    int al = a & 15;
    for (Component c : sc) {
      if ((c.dcTable == null && ss == 0 && ah == 0)
          || (c.acTable == null && se > 0 && ss != 0)
          || (!progressive && (c.dcTable == null || c.acTable == null))) {
        throw new Unsupported("a JPEG without its Huffman tables (Motion-JPEG)");
      }
    }
    for (Component c : sc) {
      c.dcPred = 0;
    }
    resetBits();
    hitMarker = false;
    unreadMarker = -1;
    insufficient = false;
    eobrun = 0;
    int mcuCount;
    int unitsX;
    if (n == 1) {
      unitsX = ceilDiv(sc[0].dsWidth, 8);
      mcuCount = unitsX * ceilDiv(sc[0].dsHeight, 8);
    } else {
      unitsX = mcusX;
      mcuCount = mcusX * mcusY;
    }
    int sinceRestart = 0;
    // a single-scan file is decoded row by row as TF reads scanlines: nothing past the window
    int stopAfter = !progressive && n == comps.length ? lastMcuRowRead() : Integer.MAX_VALUE;
    for (int m = 0; m < mcuCount; m++) {
      if (m / unitsX > stopAfter) {
        return -2;
      }
      if (restartInterval > 0 && sinceRestart == restartInterval) {
        restart(sc);
        sinceRestart = 0;
      }
      sinceRestart++;
      if (insufficient) {
        continue; // libjpeg skips whole MCUs once the data has run out
      }
      int mx = m % unitsX;
      int my = m / unitsX;
      if (n == 1) {
        block(sc[0], my, mx, ss, se, ah, al);
      } else {
        for (Component c : sc) {
          for (int by = 0; by < c.v; by++) {
            for (int bx = 0; bx < c.h; bx++) {
              block(c, my * c.v + by, mx * c.h + bx, ss, se, ah, al);
            }
          }
        }
      }
    }
    if (unreadMarker >= 0) {
      int mk = unreadMarker;
      unreadMarker = -1;
      return mk == 0xD9 ? -2 : mk;
    }
    return -1;
  }

  private void restart(Component[] sc) throws JpegError, Unsupported {
    // discard the remaining bits, read the RSTn marker
    resetBits();
    if (unreadMarker < 0) {
      unreadMarker = nextMarker();
    }
    if (unreadMarker >= 0xD0 && unreadMarker <= 0xD7) {
      unreadMarker = -1;
    }
    hitMarker = unreadMarker >= 0;
    insufficient = hitMarker;
    for (Component c : sc) {
      c.dcPred = 0;
    }
    eobrun = 0;
  }

  private void block(Component c, int row, int col, int ss, int se, int ah, int al)
      throws JpegError, Unsupported {
    int at = (row * c.blocksW + col) * 64;
    int[] coef = c.coef;
    if (!progressive) {
      int s = huff(c.dcTable);
      int diff = extend(bits(s), s);
      c.dcPred += diff;
      coef[at] = (short) c.dcPred;
      for (int k = 1; k < 64; ) {
        int rs = huff(c.acTable);
        int r = rs >> 4;
        int sz = rs & 15;
        if (sz == 0) {
          if (r != 15) {
            break;
          }
          k += 16;
          continue;
        }
        k += r;
        coef[at + zz(k)] = (short) extend(bits(sz), sz);
        k++;
      }
      return;
    }
    if (ss == 0) {
      if (ah == 0) {
        int s = huff(c.dcTable);
        c.dcPred += extend(bits(s), s);
        coef[at] = (short) (c.dcPred << al);
      } else if (bit() != 0) {
        coef[at] |= 1 << al;
      }
      return;
    }
    if (ah == 0) {
      acFirst(coef, at, c.acTable, ss, se, al);
    } else {
      acRefine(coef, at, c.acTable, ss, se, al);
    }
  }

  private void acFirst(int[] coef, int at, Huffman t, int ss, int se, int al)
      throws JpegError, Unsupported {
    if (eobrun > 0) {
      eobrun--;
      return;
    }
    for (int k = ss; k <= se; ) {
      int rs = huff(t);
      int r = rs >> 4;
      int s = rs & 15;
      if (s == 0) {
        if (r < 15) {
          eobrun = (1 << r) - 1;
          if (r > 0) {
            eobrun += bits(r);
          }
          break;
        }
        k += 16;
        continue;
      }
      k += r;
      coef[at + zz(k)] = (short) (extend(bits(s), s) * (1 << al));
      k++;
    }
  }

  private void acRefine(int[] coef, int at, Huffman t, int ss, int se, int al)
      throws JpegError, Unsupported {
    int p1 = 1 << al;
    int m1 = -1 << al;
    int k = ss;
    if (eobrun == 0) {
      for (; k <= se; ) {
        int rs = huff(t);
        int r = rs >> 4;
        int s = rs & 15;
        int value = 0;
        if (s != 0) {
          value = bit() != 0 ? p1 : m1;
        } else if (r != 15) {
          eobrun = 1 << r;
          if (r > 0) {
            eobrun += bits(r);
          }
          break;
        }
        while (k <= se) {
          int z = at + ZIGZAG[k];
          if (coef[z] != 0) {
            if (bit() != 0 && (coef[z] & p1) == 0) {
              coef[z] += coef[z] >= 0 ? p1 : m1;
            }
          } else {
            if (r == 0) {
              if (value != 0) {
                coef[z] = value;
              }
              k++;
              break;
            }
            r--;
          }
          k++;
        }
      }
    }
    if (eobrun > 0) {
      for (; k <= se; k++) {
        int z = at + ZIGZAG[k];
        if (coef[z] != 0 && bit() != 0 && (coef[z] & p1) == 0) {
          coef[z] += coef[z] >= 0 ? p1 : m1;
        }
      }
      eobrun--;
    }
  }

  // ---- samples

  private int[] output(int channels, boolean fast, boolean fancy, int[] crop)
      throws JpegError, Unsupported {
    if (channels == 0) {
      channels = Math.min(comps.length, 3);
    }
    if (comps.length == 4 && channels == 1) {
      throw new JpegError("Unsupported color conversion request"); // CMYK to gray: jdcolor.c
    }
    int x0 = 0;
    int w = outWidth;
    if (crop != null) {
      boolean fits =
          crop[3] > 0
              && crop[2] > 0
              && crop[1] >= 0
              && crop[0] >= 0
              && (long) crop[1] + crop[3] <= outWidth
              && (long) crop[0] + crop[2] <= outHeight;
      if (!fits) {
        throw new JpegError("invalid crop window");
      }
      if (crop[3] != outWidth) {
        int align = comps.length == 1 ? scaled : scaled * maxH;
        x0 = crop[1] / align * align;
        w = crop[1] + crop[3] - x0;
      }
    }
    boolean rgbStored =
        comps.length == 3
            && ((adobe && adobeTransform == 0)
                || (!adobe && comps[0].id == 'R' && comps[1].id == 'G' && comps[2].id == 'B'));
    int needed = channels == 1 ? 1 : comps.length;
    // jdsample.c: no context rows, so no fancy filters, at one sample per block
    boolean fancyOn = fancy && scaled > 1;
    int[][] full = new int[needed][];
    for (int i = 0; i < needed; i++) {
      Component c = comps[i];
      int size = componentScale(c);
      int[] plane =
          size == 8
              ? JpegIdct.plane(c.coef, c.blocksW, c.blocksH, quantOf(c), fast)
              : JpegIdctReduced.plane(c.coef, c.blocksW, c.blocksH, quantOf(c), size);
      int fh = maxH * scaled / (c.h * size);
      int fv = maxV * scaled / (c.v * size);
      int dsW = ceilDiv(width * c.h * size, maxH * 8);
      int dsH = ceilDiv(height * c.v * size, maxV * 8);
      boolean wide = dsW > 2;
      if (crop != null && crop[3] != outWidth) {
        plane = Arrays.copyOfRange(plane, x0 / fh, plane.length + x0 / fh);
        dsW = ceilDiv(w * c.h, maxH);
        wide = wide && dsW >= 2;
      }
      full[i] =
          JpegUpsample.upsample(
              plane, c.blocksW * size, dsW, dsH, fh, fv, fancyOn, wide, w, outHeight);
    }
    int y0 = crop == null ? 0 : crop[0];
    int outH = crop == null ? outHeight : crop[2];
    int dx = crop == null ? 0 : crop[1] - x0;
    int outW = crop == null ? outWidth : crop[3];
    int[] out = new int[outW * outH * channels];
    boolean gray = channels == 1 || comps.length == 1;
    for (int y = 0; y < outH; y++) {
      for (int x = 0; x < outW; x++) {
        int i = (y0 + y) * w + dx + x;
        int o = y * outW + x;
        if (gray) {
          for (int k = 0; k < channels; k++) {
            out[o * channels + k] = full[0][i];
          }
        } else if (rgbStored) {
          out[o * 3] = full[0][i];
          out[o * 3 + 1] = full[1][i];
          out[o * 3 + 2] = full[2][i];
        } else if (comps.length == 4) {
          cmykToRgb(full[0][i], full[1][i], full[2][i], full[3][i], out, o * 3);
        } else {
          JpegIdct.yccToRgb(full[0][i], full[1][i], full[2][i], out, o * 3);
        }
      }
    }
    return out;
  }

  /**
   * A 4-component pixel as TF's jpeg_mem.cc turns it into RGB: libjpeg's CMYK output (YCCK first
   * converted by jdcolor.c's ycck_cmyk_convert: the YCbCr to RGB of the first three, inverted; K
   * kept), then {@code k * c / 255} where the file has an Adobe marker (Adobe's inverted CMYK),
   * {@code (255 - k) * (255 - c) / 255} where it has none.
   */
  private void cmykToRgb(int c0, int c1, int c2, int k, int[] out, int at) {
    // jdapimin.c: an Adobe marker's transform 0 is CMYK, anything else YCCK; no marker is CMYK
    if (adobe && adobeTransform != 0) {
      JpegIdct.yccToRgb(c0, c1, c2, out, at);
      c0 = 255 - out[at];
      c1 = 255 - out[at + 1];
      c2 = 255 - out[at + 2];
    }
    if (adobe) {
      out[at] = k * c0 / 255;
      out[at + 1] = k * c1 / 255;
      out[at + 2] = k * c2 / 255;
    } else {
      out[at] = (255 - k) * (255 - c0) / 255;
      out[at + 1] = (255 - k) * (255 - c1) / 255;
      out[at + 2] = (255 - k) * (255 - c2) / 255;
    }
  }
}
