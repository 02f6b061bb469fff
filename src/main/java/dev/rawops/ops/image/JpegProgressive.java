package dev.rawops.ops.image;

/**
 * One scan of a progressive JPEG as jcphuff.c codes it: DC first scans (the point-transformed DC's
 * difference), DC refinement (one raw bit per block), AC first scans (runs, ZRLs and end-of-band
 * runs of up to 32767 blocks) and AC refinement (newly nonzero coefficients with their sign,
 * correction bits of earlier ones buffered until the next symbol or end-of-band run is written, the
 * run forced out when its buffered bits pass 937).
 */
final class JpegProgressive {
  private static final int MAX_CORR_BITS = 1000;

  private final JpegEntropySink sink;
  private final int ss;
  private final int se;
  private final int al;
  private final int acTable;
  private int eobrun;
  private int be;
  private final int[] bitBuffer = new int[MAX_CORR_BITS];

  JpegProgressive(JpegEntropySink sink, int ss, int se, int al, int acTable) {
    this.sink = sink;
    this.ss = ss;
    this.se = se;
    this.al = al;
    this.acTable = acTable;
  }

  /** DC first scan: one block; {@code last} holds the component's previous value, updated. */
  void dcFirst(int[] coef, int off, int[] last, int ci, int dcTable) {
    int v = coef[off] >> al;
    int diff = v - last[ci];
    last[ci] = v;
    int abs = Math.abs(diff);
    int nbits = JpegHuffman.nbits(abs);
    sink.dcSymbol(dcTable, nbits);
    if (nbits != 0) {
      sink.bits(diff < 0 ? diff - 1 : diff, nbits);
    }
  }

  void dcRefine(int[] coef, int off) {
    sink.bits(coef[off] >> al, 1);
  }

  private void emitEobrun() {
    if (eobrun > 0) {
      int nbits = JpegHuffman.nbits(eobrun) - 1;
      sink.acSymbol(acTable, nbits << 4);
      if (nbits != 0) {
        sink.bits(eobrun, nbits);
      }
      eobrun = 0;
      emitBuffered(0, be);
      be = 0;
    }
  }

  private void emitBuffered(int from, int n) {
    for (int i = 0; i < n; i++) {
      sink.bits(bitBuffer[from + i], 1);
    }
  }

  void acFirst(int[] coef, int off) {
    int n = se - ss + 1;
    int[] abs = new int[n];
    int[] val = new int[n];
    boolean any = false;
    int last = -1;
    for (int k = 0; k < n; k++) {
      int t = coef[off + JpegEncoder.NATURAL[ss + k]];
      int a = Math.abs(t) >> al;
      if (a != 0) {
        abs[k] = a;
        val[k] = t < 0 ? ~a : a;
        any = true;
        last = k;
      }
    }
    if (any && eobrun > 0) {
      emitEobrun();
    }
    int r = 0;
    for (int k = 0; k <= last; k++) {
      if (abs[k] == 0) {
        r++;
        continue;
      }
      while (r > 15) {
        sink.acSymbol(acTable, 0xF0);
        r -= 16;
      }
      int nbits = JpegHuffman.nbits(abs[k]);
      sink.acSymbol(acTable, (r << 4) + nbits);
      sink.bits(val[k], nbits);
      r = 0;
    }
    if (last < n - 1) {
      eobrun++;
      if (eobrun == 0x7FFF) {
        emitEobrun();
      }
    }
  }

  void acRefine(int[] coef, int off) {
    int n = se - ss + 1;
    int[] abs = new int[n];
    boolean[] positive = new boolean[n];
    int eob = 0;
    for (int k = 0; k < n; k++) {
      int t = coef[off + JpegEncoder.NATURAL[ss + k]];
      int a = Math.abs(t) >> al;
      abs[k] = a;
      positive[k] = t >= 0;
      if (a == 1) {
        eob = k;
      }
    }
    int r = 0;
    int brStart = be;
    int br = 0;
    int k = 0;
    for (; k < n; k++) {
      if (abs[k] == 0) {
        r++;
        continue;
      }
      while (r > 15 && k <= eob) {
        emitEobrun();
        sink.acSymbol(acTable, 0xF0);
        r -= 16;
        emitBuffered(brStart, br);
        brStart = 0;
        br = 0;
      }
      if (abs[k] > 1) {
        bitBuffer[brStart + br++] = abs[k] & 1;
        continue;
      }
      emitEobrun();
      sink.acSymbol(acTable, (r << 4) + 1);
      sink.bits(positive[k] ? 1 : 0, 1);
      emitBuffered(brStart, br);
      brStart = 0;
      br = 0;
      r = 0;
    }
    if (r > 0 || br > 0) {
      eobrun++;
      if (brStart != be) {
        System.arraycopy(bitBuffer, brStart, bitBuffer, be, br);
      }
      be += br;
      if (eobrun == 0x7FFF || be > MAX_CORR_BITS - 64 + 1) {
        emitEobrun();
      }
    }
  }

  /** End of scan: the pending end-of-band run, then the byte padding. */
  void finish() {
    emitEobrun();
    sink.flush();
  }
}
