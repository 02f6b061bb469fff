package dev.rawops.ops.image;

/**
 * A JPEG's frame header as libjpeg-turbo's {@code jpeg_read_header} reads it through TF's memory
 * source (jpeg_mem.cc's GetImageInfo, used by ExtractJpegShape): SOI first; markers read up to the
 * first SOS (extraneous bytes before a marker skipped, fill bytes allowed); one SOF0/1/2/9/10 with
 * 8-bit samples, a non-zero size up to 65,500, 1 to 10 components with sampling factors 1 to 4 and
 * a length that matches; DHT, DQT and DRI lengths checked; an SOS after the SOF naming its
 * components. Nothing past that SOS is read, so a file cut in its scans still has a shape; running
 * out of data before it is an error (TF's source inserts no EOI without try_recover_truncated).
 */
final class JpegHeader {
  /** The header is unreadable: libjpeg's error_exit. */
  static final class JpegError extends Exception {
    private static final long serialVersionUID = 1L;

    JpegError(String message) {
      super(message, null, false, false);
    }
  }

  int width;
  int height;
  int components;
  boolean progressive;
  int[] componentIds;
  int[] hSamp;
  int[] vSamp;
  int[] quantTable;

  private final byte[] in;
  private int pos;
  private boolean sawSof;

  private JpegHeader(byte[] in) {
    this.in = in;
  }

  /** Reads the header (and, for multi-scan files, the scans' marker structure to EOI). */
  static JpegHeader read(byte[] in) throws JpegError {
    JpegHeader h = new JpegHeader(in);
    h.parse();
    return h;
  }

  private int byte1() throws JpegError {
    if (pos >= in.length) {
      throw new JpegError("Input file read error");
    }
    return in[pos++] & 0xFF;
  }

  private int word() throws JpegError {
    int hi = byte1();
    return hi << 8 | byte1();
  }

  /** libjpeg's next_marker: skip to an 0xFF, past fill bytes, to a non-zero code. */
  private int nextMarker() throws JpegError {
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

  private void skip(int length) throws JpegError {
    if (length < 2) {
      throw new JpegError("Bogus marker length");
    }
    for (int i = 2; i < length; i++) {
      byte1();
    }
  }

  private void parse() throws JpegError {
    if (in.length < 2 || (in[0] & 0xFF) != 0xFF || (in[1] & 0xFF) != 0xD8) {
      throw new JpegError("Not a JPEG file");
    }
    pos = 2;
    while (true) {
      int m = nextMarker();
      switch (m) {
        case 0xD8 -> throw new JpegError("Invalid JPEG file structure: two SOI markers");
        case 0xC0, 0xC1, 0xC2, 0xC9, 0xCA -> sof(m == 0xC2 || m == 0xCA);
        case 0xC3, 0xC5, 0xC6, 0xC7, 0xCB, 0xCD, 0xCE, 0xCF ->
            throw new JpegError("Unsupported JPEG process: SOF type 0x" + Integer.toHexString(m));
        case 0xDA -> {
          sos();
          return;
        }
        case 0xD9 -> throw new JpegError("JPEG datastream contains no image");
        case 0xC4 -> dht();
        case 0xDB -> dqt();
        case 0xDD -> {
          if (word() != 4) {
            throw new JpegError("Bogus marker length");
          }
          word();
        }
        case 0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0x01 -> {}
        default -> {
          if ((m >= 0xE0 && m <= 0xEF) || m == 0xFE || m == 0xCC || m == 0xDC) {
            skip(word());
          } else {
            throw new JpegError("Unsupported marker type 0x" + Integer.toHexString(m));
          }
        }
      }
    }
  }

  private void sof(boolean isProgressive) throws JpegError {
    int length = word();
    int precision = byte1();
    int h = word();
    int w = word();
    int n = byte1();
    if (sawSof) {
      throw new JpegError("Invalid JPEG file structure: two SOF markers");
    }
    if (h <= 0 || w <= 0 || n <= 0) {
      throw new JpegError("Empty JPEG image (DNL not supported)");
    }
    if (length - 8 != n * 3) {
      throw new JpegError("Bogus marker length");
    }
    componentIds = new int[n];
    hSamp = new int[n];
    vSamp = new int[n];
    quantTable = new int[n];
    for (int i = 0; i < n; i++) {
      componentIds[i] = byte1();
      int s = byte1();
      hSamp[i] = s >> 4;
      vSamp[i] = s & 15;
      quantTable[i] = byte1();
    }
    sawSof = true;
    progressive = isProgressive;
    width = w;
    height = h;
    components = n;
    // jdinput.c's initial_setup
    if (h > 65500 || w > 65500) {
      throw new JpegError("Maximum supported image dimension is 65500 pixels");
    }
    if (precision != 8) {
      throw new JpegError("Unsupported JPEG data precision " + precision);
    }
    if (n > 10) {
      throw new JpegError("Too many color components: " + n + ", max 10");
    }
    for (int i = 0; i < n; i++) {
      if (hSamp[i] < 1 || hSamp[i] > 4 || vSamp[i] < 1 || vSamp[i] > 4) {
        throw new JpegError("Bogus sampling factors");
      }
    }
  }

  private void sos() throws JpegError {
    if (!sawSof) {
      throw new JpegError("Invalid JPEG file structure: SOS before SOF");
    }
    int length = word();
    int n = byte1();
    if (length != n * 2 + 6 || n < 1 || n > 4) {
      throw new JpegError("Bogus marker length");
    }
    for (int i = 0; i < n; i++) {
      int id = byte1();
      byte1();
      int c = -1;
      for (int k = 0; k < components; k++) {
        if (componentIds[k] == id) {
          c = k;
        }
      }
      if (c < 0) {
        throw new JpegError("Invalid component ID " + id + " in SOS");
      }
    }
    byte1();
    byte1();
    byte1();
  }

  private void dht() throws JpegError {
    int length = word() - 2;
    while (length > 16) {
      byte1();
      int count = 0;
      for (int i = 0; i < 16; i++) {
        count += byte1();
      }
      length -= 17;
      if (count > 256 || count > length) {
        throw new JpegError("Bogus Huffman table definition");
      }
      for (int i = 0; i < count; i++) {
        byte1();
      }
      length -= count;
    }
    if (length != 0) {
      throw new JpegError("Bogus marker length");
    }
  }

  private void dqt() throws JpegError {
    int length = word() - 2;
    while (length > 0) {
      int t = byte1();
      int prec = t >> 4;
      int index = t & 15;
      if (index >= 4) {
        throw new JpegError("Bogus DQT index " + index);
      }
      int bytes = prec != 0 ? 128 : 64;
      if (length < bytes + 1) {
        // libjpeg reads what is left and fills the rest with ones
        for (int i = 0; i < length - 1; i++) {
          byte1();
        }
        length = 0;
      } else {
        for (int i = 0; i < bytes; i++) {
          byte1();
        }
        length -= bytes + 1;
      }
    }
    if (length != 0) {
      throw new JpegError("Bogus marker length");
    }
  }
}
