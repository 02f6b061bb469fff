package dev.rawops.ops.random;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;

/** The random ops' run-time checks, in TF's order and words, shared by every device's kernel. */
public final class RandomGeometry {
  private RandomGeometry() {}

  /** Philox, the only algorithm TF's CPU kernels run (rng_alg.h's RNG_ALG_PHILOX). */
  public static final int ALG_PHILOX = 1;

  private static final int ALG_AUTO_SELECT = 3;

  /** TF's tensor::MakeShape: the output shape a shape input gives. */
  public static Shape outputShape(NodeInfo node, Tensor shape) {
    if (shape.shape().rank() != 1) {
      throw node.invalidArgument(
          "shape must be a vector of {int32,int64}, got shape " + shape.shape());
    }
    long[] dims = shape.toLongArray();
    long elements = 1;
    for (long d : dims) {
      if (d < 0) {
        throw node.invalidArgument("Dimension " + d + " must be >= 0");
      }
      try {
        elements = Math.multiplyExact(elements, d);
      } catch (ArithmeticException e) {
        throw node.invalidArgument("Shape " + shape.shape() + " has too many elements");
      }
    }
    return Shape.of(dims);
  }

  /** TF's "seed must have shape [2]". */
  public static void requireSeedShape(NodeInfo node, Tensor seed) {
    if (seed.shape().rank() != 1 || seed.shape().dim(0) != 2) {
      throw node.invalidArgument("seed must have shape [2], not " + seed.shape());
    }
  }

  /** The stateless ops' seed: a vector of two int32 or int64, as (seed0, seed1) sign-extended. */
  public static long[] seeds(NodeInfo node, Tensor seed) {
    requireSeedShape(node, seed);
    return switch (seed.dtype()) {
      case INT32 -> new long[] {seed.getInt(0), seed.getInt(1)};
      case INT64 -> new long[] {seed.getLong(0), seed.getLong(1)};
      default -> throw node.invalidArgument("Invalid seed type: " + seed.dtype().tfName());
    };
  }

  /** A bound of the Int ops: a scalar. */
  public static void requireScalarBound(NodeInfo node, Tensor t, String what) {
    if (t.shape().rank() != 0) {
      throw node.invalidArgument(what + " must be 0-D, got shape " + t.shape());
    }
  }

  /** TF's "Need minval &lt; maxval" of the Int ops. */
  public static void requireRange(NodeInfo node, long lo, long hi) {
    if (lo >= hi) {
      throw node.invalidArgument("Need minval < maxval, got " + lo + " >= " + hi);
    }
  }

  /**
   * The V2 ops' key, counter and alg inputs (GetKeyCounterAlgFromInputs): alg a scalar (3, auto
   * select, is Philox), key of shape [1], counter long enough for the algorithm. Returns the alg.
   */
  public static int keyCounterAlg(
      NodeInfo node, Tensor key, Tensor counter, Tensor alg, int algInput) {
    if (alg.shape().rank() != 0) {
      throw node.invalidArgument(
          "input " + algInput + " (0-based) must have shape [], not " + alg.shape());
    }
    if (alg.dtype() != DType.INT32) {
      throw node.invalidArgument(
          "dtype of input " + algInput + " (0-based) must be int32, not " + alg.dtype().tfName());
    }
    int id = alg.getInt(0);
    if (id == ALG_AUTO_SELECT) {
      id = ALG_PHILOX;
    }
    if (key.shape().rank() != 1 || key.shape().dim(0) != 1) {
      throw node.invalidArgument(
          "key must have shape [1], not "
              + key.shape()
              + ". (Note that batched keys are not supported yet.)");
    }
    int counterSize = id == ALG_PHILOX ? 2 : 1;
    if (counter.shape().rank() != 1 || counter.shape().dim(0) < counterSize) {
      throw node.invalidArgument(
          "counter must be a vector with length at least "
              + counterSize
              + "; got shape: "
              + counter.shape()
              + ". (Note that batched counters are not supported yet.)");
    }
    return id;
  }

  /** TF's CPU kernels fill only with Philox. */
  public static void requirePhilox(NodeInfo node, int alg) {
    if (alg != ALG_PHILOX) {
      throw node.invalidArgument("Unsupported algorithm id: " + alg);
    }
  }
}
