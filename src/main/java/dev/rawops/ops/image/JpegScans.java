package dev.rawops.ops.image;

import dev.rawops.ops.image.JpegEncoder.Component;
import dev.rawops.ops.image.JpegHuffman.Table;

/**
 * The scans of an encoded JPEG: the one interleaved sequential scan (jchuff.c), or
 * jpeg_simple_progression's script (jcphuff.c) with a table-counting pass before each scan. A scan
 * of several components walks whole MCUs, blocks past the image included; a scan of one component
 * walks that component's own blocks only.
 */
final class JpegScans {
  private JpegScans() {}

  /** A block visitor: {@code k} is the component's position in the scan. */
  private interface BlockVisitor {
    void visit(int k, Component c, int offset);
  }

  private static void walk(Component[] scan, BlockVisitor v) {
    if (scan.length == 1) {
      Component c = scan[0];
      for (int by = 0; by < c.heightInBlocks; by++) {
        for (int bx = 0; bx < c.widthInBlocks; bx++) {
          v.visit(0, c, c.offset(by, bx));
        }
      }
      return;
    }
    int mcusY = scan[0].blocksH / scan[0].v;
    int mcusX = scan[0].blocksW / scan[0].h;
    for (int my = 0; my < mcusY; my++) {
      for (int mx = 0; mx < mcusX; mx++) {
        for (int k = 0; k < scan.length; k++) {
          Component c = scan[k];
          for (int yy = 0; yy < c.v; yy++) {
            for (int xx = 0; xx < c.h; xx++) {
              v.visit(k, c, c.offset(my * c.v + yy, mx * c.h + xx));
            }
          }
        }
      }
    }
  }

  private static void sos(JpegOutput out, Component[] scan, int ss, int se, int ah, int al) {
    out.marker(0xDA);
    out.put2(2 * scan.length + 6);
    out.put(scan.length);
    for (Component c : scan) {
      out.put(c.id);
      int td = ss == 0 && ah == 0 ? c.table : 0;
      int ta = se != 0 ? c.table : 0;
      out.put((td << 4) + ta);
    }
    out.put(ss);
    out.put(se);
    out.put((ah << 4) + al);
  }

  // ---- sequential

  private static void sequentialBlocks(Component[] comps, JpegEntropySink sink) {
    int[] last = new int[comps.length];
    walk(
        comps,
        (k, c, off) -> {
          int[] coef = c.coef;
          int diff = coef[off] - last[k];
          last[k] = coef[off];
          int nbits = JpegHuffman.nbits(Math.abs(diff));
          sink.dcSymbol(c.table, nbits);
          if (nbits != 0) {
            sink.bits(diff < 0 ? diff - 1 : diff, nbits);
          }
          int r = 0;
          for (int i = 1; i < 64; i++) {
            int t = coef[off + JpegEncoder.NATURAL[i]];
            if (t == 0) {
              r++;
              continue;
            }
            while (r > 15) {
              sink.acSymbol(c.table, 0xF0);
              r -= 16;
            }
            int a = Math.abs(t);
            int nb = JpegHuffman.nbits(a);
            sink.acSymbol(c.table, (r << 4) + nb);
            sink.bits(t < 0 ? t - 1 : t, nb);
            r = 0;
          }
          if (r > 0) {
            sink.acSymbol(c.table, 0);
          }
        });
  }

  static void sequential(JpegOutput out, Component[] comps, boolean optimize) {
    int tables = comps.length == 1 ? 1 : 2;
    Table[] dc = new Table[tables];
    Table[] ac = new Table[tables];
    if (optimize) {
      JpegEntropySink counts = JpegEntropySink.counting();
      sequentialBlocks(comps, counts);
      for (int t = 0; t < tables; t++) {
        dc[t] = JpegHuffman.optimal(counts.dcCounts[t]);
        ac[t] = JpegHuffman.optimal(counts.acCounts[t]);
      }
    } else {
      dc[0] = JpegHuffman.stdDcLuminance();
      ac[0] = JpegHuffman.stdAcLuminance();
      if (tables > 1) {
        dc[1] = JpegHuffman.stdDcChrominance();
        ac[1] = JpegHuffman.stdAcChrominance();
      }
    }
    for (int t = 0; t < tables; t++) {
      JpegEncoder.dht(out, t, dc[t]);
      JpegEncoder.dht(out, 0x10 | t, ac[t]);
    }
    sos(out, comps, 0, 63, 0, 0);
    JpegEntropySink sink = JpegEntropySink.writing(dc, ac, JpegEncoder.bitWriter(out));
    sequentialBlocks(comps, sink);
    sink.flush();
  }

  // ---- progressive

  /** jpeg_simple_progression: {components…, Ss, Se, Ah, Al} per scan. */
  private static int[][] script(int n) {
    if (n == 3) {
      return new int[][] {
        {0, 1, 2, 0, 0, 0, 1},
        {0, 1, 5, 0, 2},
        {2, 1, 63, 0, 1},
        {1, 1, 63, 0, 1},
        {0, 6, 63, 0, 2},
        {0, 1, 63, 2, 1},
        {0, 1, 2, 0, 0, 1, 0},
        {2, 1, 63, 1, 0},
        {1, 1, 63, 1, 0},
        {0, 1, 63, 1, 0}
      };
    }
    return new int[][] {
      {0, 0, 0, 0, 1},
      {0, 1, 5, 0, 2},
      {0, 6, 63, 0, 2},
      {0, 1, 63, 2, 1},
      {0, 0, 0, 1, 0},
      {0, 1, 63, 1, 0}
    };
  }

  static void progressive(JpegOutput out, Component[] comps) {
    for (int[] s : script(comps.length)) {
      int nc = s.length - 4;
      Component[] scan = new Component[nc];
      for (int i = 0; i < nc; i++) {
        scan[i] = comps[s[i]];
      }
      int ss = s[nc];
      int se = s[nc + 1];
      int ah = s[nc + 2];
      int al = s[nc + 3];
      Table[] dc = new Table[2];
      Table[] ac = new Table[2];
      if (!(ss == 0 && ah != 0)) {
        JpegEntropySink counts = JpegEntropySink.counting();
        progressiveScan(scan, counts, ss, se, ah, al);
        for (Component c : scan) {
          int t = c.table;
          if (ss == 0 && dc[t] == null) {
            dc[t] = JpegHuffman.optimal(counts.dcCounts[t]);
            JpegEncoder.dht(out, t, dc[t]);
          } else if (ss != 0 && ac[t] == null) {
            ac[t] = JpegHuffman.optimal(counts.acCounts[t]);
            JpegEncoder.dht(out, 0x10 | t, ac[t]);
          }
        }
      }
      sos(out, scan, ss, se, ah, al);
      progressiveScan(
          scan, JpegEntropySink.writing(dc, ac, JpegEncoder.bitWriter(out)), ss, se, ah, al);
    }
  }

  private static void progressiveScan(
      Component[] scan, JpegEntropySink sink, int ss, int se, int ah, int al) {
    JpegProgressive p = new JpegProgressive(sink, ss, se, al, scan[0].table);
    int[] last = new int[scan.length];
    walk(
        scan,
        (k, c, off) -> {
          if (ss == 0) {
            if (ah == 0) {
              p.dcFirst(c.coef, off, last, k, c.table);
            } else {
              p.dcRefine(c.coef, off);
            }
          } else if (ah == 0) {
            p.acFirst(c.coef, off);
          } else {
            p.acRefine(c.coef, off);
          }
        });
    p.finish();
  }
}
