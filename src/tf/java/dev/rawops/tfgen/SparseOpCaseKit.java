package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.Consumer;

/** What the sparse family's later cases share: one fed node "s", sparse tensors, typed values. */
final class SparseOpCaseKit {
  private SparseOpCaseKit() {}

  /** A sparse tensor's three parts. */
  record Sp(Tensor ix, Tensor values, Tensor shape) {
    Tensor[] parts() {
      return new Tensor[] {ix, values, shape};
    }
  }

  static final DType[] ALL =
      new DType[] {
        DType.BOOL,
        DType.INT8,
        DType.INT16,
        DType.INT32,
        DType.INT64,
        DType.UINT8,
        DType.UINT16,
        DType.UINT32,
        DType.UINT64,
        DType.HALF,
        DType.BFLOAT16,
        DType.FLOAT,
        DType.DOUBLE,
        DType.COMPLEX64,
        DType.COMPLEX128,
        DType.STRING
      };

  static final DType[] REAL =
      new DType[] {
        DType.INT8,
        DType.INT16,
        DType.INT32,
        DType.INT64,
        DType.UINT8,
        DType.UINT16,
        DType.UINT32,
        DType.UINT64,
        DType.HALF,
        DType.BFLOAT16,
        DType.FLOAT,
        DType.DOUBLE
      };

  static final DType[] SET =
      new DType[] {
        DType.INT8, DType.INT16, DType.INT32, DType.INT64, DType.UINT8, DType.UINT16, DType.STRING
      };

  static Tensor ix(int cols, long... v) {
    return Tensor.ofLongs(Shape.of(v.length / cols, cols), v);
  }

  static Tensor vec(long... v) {
    return Tensor.ofLongs(Shape.of(v.length), v);
  }

  static Tensor i32(int... v) {
    return Tensor.ofInts(Shape.of(v.length), v);
  }

  /** Values of dtype {@code t} standing for the small numbers {@code v}. */
  static Tensor vals(DType t, double... v) {
    return vals(t, Shape.of(v.length), v);
  }

  static Tensor vals(DType t, Shape s, double... v) {
    switch (t) {
      case BOOL -> {
        boolean[] b = new boolean[v.length];
        for (int i = 0; i < v.length; i++) {
          b[i] = v[i] != 0;
        }
        return Tensor.ofBooleans(s, b);
      }
      case STRING -> {
        String[] w = new String[v.length];
        for (int i = 0; i < v.length; i++) {
          w[i] = "w" + (long) v[i];
        }
        return Tensor.ofStrings(s, w);
      }
      case COMPLEX64 -> {
        float[] re = new float[v.length];
        float[] im = new float[v.length];
        for (int i = 0; i < v.length; i++) {
          re[i] = (float) v[i];
          im[i] = (float) (0.5 - v[i]);
        }
        return Tensor.ofComplex64(s, re, im);
      }
      case COMPLEX128 -> {
        double[] im = new double[v.length];
        for (int i = 0; i < v.length; i++) {
          im[i] = 0.25 * v[i] - 1;
        }
        return Tensor.ofComplex128(s, v.clone(), im);
      }
      default -> {
        return NodeCase.numbers(t, s, v);
      }
    }
  }

  static boolean unsigned(DType t) {
    return t == DType.UINT8 || t == DType.UINT16 || t == DType.UINT32 || t == DType.UINT64;
  }

  static boolean floating(DType t) {
    return t == DType.HALF || t == DType.BFLOAT16 || t == DType.FLOAT || t == DType.DOUBLE;
  }

  /** n small random numbers fitting dtype t (quarters for floating types, exact in half). */
  static double[] randomNumbers(DType t, Random r, int n) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      if (unsigned(t) || t == DType.STRING) {
        v[i] = r.nextInt(40);
      } else if (floating(t) || t == DType.COMPLEX64 || t == DType.COMPLEX128) {
        v[i] = (r.nextInt(81) - 40) / 4.0;
      } else {
        v[i] = r.nextInt(41) - 20;
      }
    }
    return v;
  }

  /** {@code nnz} distinct random indices of {@code shape}, in row-major order. */
  static long[] sortedIndices(Random r, long[] shape, int nnz) {
    long total = 1;
    for (long d : shape) {
      total *= d;
    }
    TreeSet<Long> flat = new TreeSet<>();
    while (flat.size() < Math.min(nnz, total)) {
      flat.add((long) r.nextInt((int) total));
    }
    long[] out = new long[flat.size() * shape.length];
    int k = 0;
    for (long f : flat) {
      for (int d = shape.length - 1; d >= 0; d--) {
        out[k * shape.length + d] = f % shape[d];
        f /= shape[d];
      }
      k++;
    }
    return out;
  }

  /** A sparse tensor of dtype t: entries {@code idx} (rank columns) holding {@code nums}. */
  static Sp sp(DType t, long[] shape, long[] idx, double... nums) {
    return new Sp(ix(shape.length, idx), vals(t, nums), vec(shape));
  }

  static Sp randomSparse(Random r, DType t, long[] shape, int nnz) {
    long[] idx = sortedIndices(r, shape, nnz);
    int n = idx.length / shape.length;
    return sp(t, shape, idx, randomNumbers(t, r, n));
  }

  /** A random sparse tensor with its entries in reverse row-major order. */
  static Sp reversedSparse(Random r, DType t, long[] shape, int nnz) {
    int rank = shape.length;
    long[] idx = sortedIndices(r, shape, nnz);
    int n = idx.length / rank;
    double[] nums = randomNumbers(t, r, n);
    long[] rIdx = new long[idx.length];
    double[] rNums = new double[n];
    for (int i = 0; i < n; i++) {
      System.arraycopy(idx, (n - 1 - i) * rank, rIdx, i * rank, rank);
      rNums[i] = nums[n - 1 - i];
    }
    return sp(t, shape, rIdx, rNums);
  }

  /** Adds a case running op "s" on the fed {@code inputs}, fetching s:0 .. s:outputs-1. */
  static void node(
      CaseList out,
      String what,
      String op,
      Consumer<GraphDefBuilder> attrs,
      int outputs,
      Tensor... inputs) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    String[] names = new String[inputs.length];
    for (int i = 0; i < inputs.length; i++) {
      names[i] = "in" + i;
      Input.fed(inputs[i], PartialShape.unknownRank(), Encoding.TYPED, false)
          .addTo(g, names[i], feeds);
    }
    g.op("s", op, names);
    attrs.accept(g);
    List<String> fetches = new ArrayList<>();
    for (int i = 0; i < outputs; i++) {
      fetches.add("s:" + i);
    }
    out.add(op + " " + what, g.build(), feeds, fetches);
  }

  static Tensor[] join(Tensor[]... parts) {
    List<Tensor> all = new ArrayList<>();
    for (Tensor[] p : parts) {
      all.addAll(List.of(p));
    }
    return all.toArray(Tensor[]::new);
  }
}
