package dev.rawops.ops.image;

import java.util.Arrays;

/**
 * The encoder's Huffman side, as libjpeg-turbo writes it: the JPEG standard's tables (Annex K.3,
 * what jpeg_set_defaults installs), tables built from symbol counts by jchuff.c's
 * jpeg_gen_optimal_table (its tie breaking — the last of equal smallest counts first — and its
 * folding of codes past 16 bits), canonical codes, and the entropy-coded bit stream (most
 * significant bit first, a 0x00 after every 0xFF byte, the last byte padded with 1 bits).
 */
final class JpegHuffman {
  private JpegHuffman() {}

  /** A table as a DHT marker carries it, and its codes per symbol. */
  static final class Table {
    final int[] bits; // bits[1..16]: number of codes of each length
    final int[] values;
    final int[] code = new int[256];
    final int[] size = new int[256];

    Table(int[] bits, int[] values) {
      this.bits = bits;
      this.values = values;
      int k = 0;
      int c = 0;
      for (int len = 1; len <= 16; len++) {
        for (int i = 0; i < bits[len]; i++) {
          code[values[k]] = c;
          size[values[k]] = len;
          k++;
          c++;
        }
        c <<= 1;
      }
    }
  }

  private static int[] seq(int n) {
    int[] v = new int[n];
    for (int i = 0; i < n; i++) {
      v[i] = i;
    }
    return v;
  }

  static Table stdDcLuminance() {
    return new Table(new int[] {0, 0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0}, seq(12));
  }

  static Table stdDcChrominance() {
    return new Table(new int[] {0, 0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0}, seq(12));
  }

  static Table stdAcLuminance() {
    return new Table(
        new int[] {0, 0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d},
        new int[] {
          0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61,
          0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52,
          0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25,
          0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45,
          0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64,
          0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83,
          0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99,
          0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6,
          0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3,
          0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8,
          0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa
        });
  }

  static Table stdAcChrominance() {
    return new Table(
        new int[] {0, 0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77},
        new int[] {
          0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61,
          0x71, 0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33,
          0x52, 0xf0, 0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17, 0x18,
          0x19, 0x1a, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44,
          0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63,
          0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a,
          0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97,
          0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4,
          0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca,
          0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7,
          0xe8, 0xe9, 0xea, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa
        });
  }

  /**
   * jpeg_gen_optimal_table: the code lengths of a Huffman tree over the counted symbols plus a
   * reserved symbol 256 (so no code is all ones), merging the two smallest counts each step (of
   * equal counts, the higher symbol first), lengths past 16 folded into shorter ones, the reserved
   * symbol's code dropped, symbols listed by length and then by value.
   */
  static Table optimal(long[] counts) {
    long[] freq = Arrays.copyOf(counts, 257);
    freq[256] = 1;
    int[] codesize = new int[257];
    int[] others = new int[257];
    Arrays.fill(others, -1);
    while (true) {
      int c1 = -1;
      long v = 1000000000L;
      for (int i = 0; i <= 256; i++) {
        if (freq[i] != 0 && freq[i] <= v) {
          v = freq[i];
          c1 = i;
        }
      }
      int c2 = -1;
      v = 1000000000L;
      for (int i = 0; i <= 256; i++) {
        if (freq[i] != 0 && freq[i] <= v && i != c1) {
          v = freq[i];
          c2 = i;
        }
      }
      if (c2 < 0) {
        break;
      }
      freq[c1] += freq[c2];
      freq[c2] = 0;
      codesize[c1]++;
      while (others[c1] >= 0) {
        c1 = others[c1];
        codesize[c1]++;
      }
      others[c1] = c2;
      codesize[c2]++;
      while (others[c2] >= 0) {
        c2 = others[c2];
        codesize[c2]++;
      }
    }
    int[] bits = new int[33];
    for (int i = 0; i <= 256; i++) {
      if (codesize[i] != 0) {
        bits[codesize[i]]++;
      }
    }
    int i = 32;
    for (; i > 16; i--) {
      while (bits[i] > 0) {
        int j = i - 2;
        while (bits[j] == 0) {
          j--;
        }
        bits[i] -= 2;
        bits[i - 1]++;
        bits[j + 1] += 2;
        bits[j]--;
      }
    }
    while (bits[i] == 0) {
      i--;
    }
    bits[i]--;
    int n = 0;
    for (int len = 1; len <= 16; len++) {
      n += bits[len];
    }
    int[] values = new int[n];
    int p = 0;
    for (int len = 1; len <= 32 && p < n; len++) {
      for (int s = 0; s <= 255; s++) {
        if (codesize[s] == len) {
          values[p++] = s;
        }
      }
    }
    return new Table(Arrays.copyOf(bits, 17), values);
  }

  /** Number of bits in {@code v}'s magnitude (v ≥ 0). */
  static int nbits(int v) {
    return 32 - Integer.numberOfLeadingZeros(v);
  }

  /** The entropy-coded segment: bits in, stuffed bytes out. */
  static final class BitWriter {
    private final JpegOutput out;
    private int buffer;
    private int count;

    BitWriter(JpegOutput out) {
      this.out = out;
    }

    void bits(int code, int size) {
      buffer = (buffer << size) | (code & ((1 << size) - 1));
      count += size;
      while (count >= 8) {
        int c = (buffer >>> (count - 8)) & 0xFF;
        out.put(c);
        if (c == 0xFF) {
          out.put(0);
        }
        count -= 8;
      }
      buffer &= (1 << count) - 1;
    }

    void symbol(Table t, int s) {
      bits(t.code[s], t.size[s]);
    }

    /** Pads the last byte with 1 bits. */
    void flush() {
      bits(0x7F, 7);
      buffer = 0;
      count = 0;
    }
  }
}
