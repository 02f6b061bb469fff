package dev.rawops.ops.image;

import dev.rawops.ops.image.JpegHuffman.BitWriter;
import dev.rawops.ops.image.JpegHuffman.Table;

/**
 * Where a scan's symbols go: counted per table (libjpeg's statistics pass, before optimal tables
 * are built) or written with the tables' codes. Raw bits are dropped while counting.
 */
final class JpegEntropySink {
  final long[][] dcCounts;
  final long[][] acCounts;
  private final Table[] dc;
  private final Table[] ac;
  private final BitWriter writer;

  private JpegEntropySink(
      long[][] dcCounts, long[][] acCounts, Table[] dc, Table[] ac, BitWriter w) {
    this.dcCounts = dcCounts;
    this.acCounts = acCounts;
    this.dc = dc;
    this.ac = ac;
    this.writer = w;
  }

  static JpegEntropySink counting() {
    return new JpegEntropySink(new long[2][257], new long[2][257], null, null, null);
  }

  static JpegEntropySink writing(Table[] dc, Table[] ac, BitWriter w) {
    return new JpegEntropySink(null, null, dc, ac, w);
  }

  boolean counting0() {
    return writer == null;
  }

  void dcSymbol(int table, int symbol) {
    if (writer == null) {
      dcCounts[table][symbol]++;
    } else {
      writer.symbol(dc[table], symbol);
    }
  }

  void acSymbol(int table, int symbol) {
    if (writer == null) {
      acCounts[table][symbol]++;
    } else {
      writer.symbol(ac[table], symbol);
    }
  }

  void bits(int code, int size) {
    if (writer != null) {
      writer.bits(code, size);
    }
  }

  void flush() {
    if (writer != null) {
      writer.flush();
    }
  }
}
