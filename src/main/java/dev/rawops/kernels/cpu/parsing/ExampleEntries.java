package dev.rawops.kernels.cpu.parsing;

import java.util.Arrays;

/**
 * The feature map entries of a serialized tf.Example, in wire order, as TF's fast parser reads
 * them: concatenated Examples merge, unknown fields are skipped, a map entry is exactly a key and a
 * value in either order. Each entry is four ints: key start and length, value start and length (a
 * value never given is empty, which TF treats as a feature of no kind).
 */
final class ExampleEntries {
  private ExampleEntries() {}

  /** The entries of {@code b}, or null when TF's ParseExample would fail on it. */
  static int[] parse(byte[] b) {
    ExampleWire w = new ExampleWire(b, 0, b.length);
    int[] out = new int[16];
    int n = 0;
    int[] len = new int[1];
    while (!w.atEnd()) {
      if (!w.expectTag(0x0A)) {
        if (!w.skipField()) {
          return null;
        }
        continue;
      }
      long featuresLength = w.varint32();
      if (featuresLength < 0) {
        return null;
      }
      int featuresOuter = w.pushLimit(featuresLength);
      while (!w.atEnd()) {
        if (!w.expectTag(0x0A)) {
          return null;
        }
        long entryLength = w.varint32();
        if (entryLength < 0) {
          return null;
        }
        int entryOuter = w.pushLimit(entryLength);
        int keyStart = 0;
        int keyLen = 0;
        int valStart = 0;
        int valLen = 0;
        for (int k = 0; k < 2; k++) {
          long tag = w.readTag();
          if (tag == 0x0A) {
            keyStart = w.string(len);
            keyLen = len[0];
            if (keyStart < 0) {
              return null;
            }
          } else if (tag == 0x12) {
            valStart = w.string(len);
            valLen = len[0];
            if (valStart < 0) {
              return null;
            }
          } else {
            return null;
          }
        }
        if (!w.atEnd()) {
          return null;
        }
        w.popLimit(entryOuter);
        if (n + 4 > out.length) {
          out = Arrays.copyOf(out, out.length * 2);
        }
        out[n++] = keyStart;
        out[n++] = keyLen;
        out[n++] = valStart;
        out[n++] = valLen;
      }
      w.popLimit(featuresOuter);
    }
    return Arrays.copyOf(out, n);
  }
}
