package dev.rawops.kernels.cpu.support;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;

/**
 * TF's feature-cross hashing (platform/fingerprint.h), shared by SparseCross and RaggedCross:
 * farmhash Fingerprint64 of a string feature and the order-dependent 64-bit combiner
 * FingerprintCat64.
 */
public final class Fingerprints {
  private Fingerprints() {}

  /** farmhash's Fingerprint64 (Guava's farmHashFingerprint64 is the same function). */
  public static final HashFunction FARM = Hashing.farmHashFingerprint64();

  private static final long K_MUL = 0xc6a4a7935bd1e995L;

  /** farmhash Fingerprint64 of {@code bytes}. */
  public static long fingerprint64(byte[] bytes) {
    return FARM.hashBytes(bytes).asLong();
  }

  /** TF's FingerprintCat64: combines two fingerprints, order mattering. */
  public static long fingerprintCat64(long fp1, long fp2) {
    long result = fp1 ^ K_MUL;
    result ^= shiftMix(fp2 * K_MUL) * K_MUL;
    result *= K_MUL;
    result = shiftMix(result) * K_MUL;
    return shiftMix(result);
  }

  private static long shiftMix(long v) {
    return v ^ (v >>> 47);
  }
}
