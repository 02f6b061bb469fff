package dev.rawops.kernels.cpu.linalg;

import static dev.rawops.tensor.DType.BFLOAT16;
import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.NnData;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.linalg.EinsumGeometry;
import dev.rawops.tensor.Shape;
import java.util.List;

/**
 * Einsum on CPU: the equation resolved to labels ({@link EinsumGeometry}); every output element
 * sums, over the labels missing from the output, the product of the inputs' elements (repeated
 * labels take diagonals, "..." dims of size 1 broadcast). Floats accumulate in double, integers in
 * wrapping 64-bit arithmetic.
 */
public final class CpuEinsum implements Kernel {
  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Einsum", Device.CPU)
              .typeConstraint("T", BFLOAT16, HALF, FLOAT, DOUBLE, INT32, INT64)
              .build(CpuEinsum::new));

  private final NodeInfo node;

  private CpuEinsum(NodeInfo node) {
    this.node = node;
  }

  @Override
  public void compute(KernelContext ctx) {
    int n = node.numInputs();
    int[] ranks = new int[n];
    long[][] dims = new long[n][];
    for (int i = 0; i < n; i++) {
      dims[i] = ctx.input(i).shape().dims();
      ranks[i] = dims[i].length;
    }
    EinsumGeometry spec = EinsumGeometry.parse(node, node.attrs().getString("equation"), ranks);
    long[] size = spec.labelSizes(node, dims);
    int labels = spec.labelCount();
    int[] out = spec.output();
    // Iteration order: output labels first (row-major), then the summed labels.
    int[] order = new int[labels];
    boolean[] inOut = new boolean[labels];
    int k = 0;
    for (int l : out) {
      if (!inOut[l]) {
        inOut[l] = true;
        order[k++] = l;
      }
    }
    for (int l = 0; l < labels; l++) {
      if (!inOut[l]) {
        order[k++] = l;
      }
    }
    long[] outDims = new long[out.length];
    for (int i = 0; i < out.length; i++) {
      outDims[i] = size[out[i]];
    }
    Shape outShape = Shape.of(outDims);
    // Stride of each label in each input (sums over repeated axes; 0 for broadcast dims).
    long[][] stride = new long[n][labels];
    for (int i = 0; i < n; i++) {
      int[] in = spec.input(i);
      long s = 1;
      for (int a = in.length - 1; a >= 0; a--) {
        if (dims[i][a] != 1 || size[in[a]] == 1) {
          stride[i][in[a]] += s;
        }
        s *= dims[i][a];
      }
    }
    long[] outStride = new long[labels];
    long s = 1;
    for (int a = out.length - 1; a >= 0; a--) {
      outStride[out[a]] += s;
      s *= outDims[a];
    }
    long total = 1;
    for (int l = 0; l < labels; l++) {
      total *= size[l];
    }
    boolean integer = ctx.input(0).dtype().isInteger();
    double[][] dv = new double[n][];
    long[][] lv = new long[n][];
    for (int i = 0; i < n; i++) {
      if (integer) {
        lv[i] = NnData.longs(ctx.input(i));
      } else {
        dv[i] = NnData.doubles(ctx.input(i));
      }
    }
    int outN = Math.toIntExact(outShape.numElements());
    double[] dy = new double[integer ? 0 : outN];
    long[] ly = new long[integer ? outN : 0];
    long[] idx = new long[labels];
    long[] off = new long[n];
    long oo = 0;
    for (long t = 0; t < total; t++) {
      if (integer) {
        long p = 1;
        for (int i = 0; i < n; i++) {
          p *= lv[i][(int) off[i]];
        }
        ly[(int) oo] += p;
      } else {
        double p = 1;
        for (int i = 0; i < n; i++) {
          p *= dv[i][(int) off[i]];
        }
        dy[(int) oo] += p;
      }
      // Odometer step over labels in reverse iteration order.
      for (int j = labels - 1; j >= 0; j--) {
        int l = order[j];
        idx[l]++;
        oo += outStride[l];
        for (int i = 0; i < n; i++) {
          off[i] += stride[i][l];
        }
        if (idx[l] < size[l]) {
          break;
        }
        oo -= outStride[l] * size[l];
        for (int i = 0; i < n; i++) {
          off[i] -= stride[i][l] * size[l];
        }
        idx[l] = 0;
      }
    }
    if (integer) {
      ctx.setOutput(0, NnData.ofLongs(ctx, ctx.input(0).dtype(), outShape, ly));
    } else {
      ctx.setOutput(0, NnData.of(ctx, ctx.input(0).dtype(), outShape, dy));
    }
  }
}
