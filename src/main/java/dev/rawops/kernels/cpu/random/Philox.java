package dev.rawops.kernels.cpu.random;

/**
 * TF's PhiloxRandom (Philox4x32-10, philox_random.h): a 128-bit counter and a 64-bit key; each call
 * returns four 32-bit words and advances the counter by one. Mutable, so each range of a split loop
 * works on its own copy.
 */
final class Philox {
  private static final int W32A = 0x9E3779B9;
  private static final int W32B = 0xBB67AE85;
  private static final long M4A = 0xD2511F53L;
  private static final long M4B = 0xCD9E8D57L;

  private final int k0;
  private final int k1;
  private long lo; // counter words 0 (low half) and 1
  private long hi; // counter words 2 and 3

  Philox(long key, long counterLo, long counterHi) {
    this.k0 = (int) key;
    this.k1 = (int) (key >>> 32);
    this.lo = counterLo;
    this.hi = counterHi;
  }

  /** TF's PhiloxRandom(seed, seed2) of the stateful ops: key = seed, counter words 2-3 = seed2. */
  static Philox seeded(long seed, long seed2) {
    return new Philox(seed, 0, seed2);
  }

  /**
   * TF's GenerateKey for the stateless ops: the two seeds scrambled by one Philox call under a
   * fixed key, so neither seed needs to be strong.
   */
  static Philox fromSeeds(long seed0, long seed1) {
    int[] mix = new int[4];
    new Philox(0x02461e29_3ec8f720L, seed0, seed1).next(mix);
    return new Philox(pack(mix[0], mix[1]), 0, pack(mix[2], mix[3]));
  }

  static long pack(int low, int high) {
    return (low & 0xffffffffL) | ((long) high << 32);
  }

  Philox copy() {
    return new Philox(key(), lo, hi);
  }

  long key() {
    return pack(k0, k1);
  }

  long counterLo() {
    return lo;
  }

  long counterHi() {
    return hi;
  }

  /** Skips {@code count} calls (a 128-bit add, as TF's Skip). */
  void skip(long count) {
    long sum = lo + count;
    if (Long.compareUnsigned(sum, count) < 0) {
      hi++;
    }
    lo = sum;
  }

  /** The next four words into {@code out[0..3]}. */
  void next(int[] out) {
    int c0 = (int) lo;
    int c1 = (int) (lo >>> 32);
    int c2 = (int) hi;
    int c3 = (int) (hi >>> 32);
    int a = k0;
    int b = k1;
    for (int round = 0; round < 10; round++) {
      long p0 = M4A * (c0 & 0xffffffffL);
      long p1 = M4B * (c2 & 0xffffffffL);
      int n0 = (int) (p1 >>> 32) ^ c1 ^ a;
      int n2 = (int) (p0 >>> 32) ^ c3 ^ b;
      c1 = (int) p1;
      c3 = (int) p0;
      c0 = n0;
      c2 = n2;
      a += W32A;
      b += W32B;
    }
    out[0] = c0;
    out[1] = c1;
    out[2] = c2;
    out[3] = c3;
    if (++lo == 0) {
      hi++;
    }
  }
}
