package dev.rawops.kernels.cpu.audio;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * FFT, IFFT, RFFT, IRFFT and their 2D and 3D forms on CPU (fft_ops.cc): the inner-most 1, 2 or 3
 * axes transformed, the rest a batch. Real transforms crop or zero-pad each axis to fft_length (the
 * inner-most of IRFFT to fft_length/2+1); IRFFT runs the inverse complex transforms over the outer
 * axes and then a complex-to-real one over the inner-most, which, like ducc's c2r, ignores the
 * imaginary parts of the DC and Nyquist bins. Inverses scale by 1/(product of the lengths). All in
 * double, rounded to the output dtype once; TF's ducc computes complex64 in float, so results agree
 * within a tolerance, not bit for bit.
 */
final class CpuFft {
  private CpuFft() {}

  static final List<KernelDef> DEFS = defs();

  private static List<KernelDef> defs() {
    List<KernelDef> defs = new ArrayList<>();
    for (int rank = 1; rank <= 3; rank++) {
      String suffix = rank == 1 ? "" : rank + "D";
      int r = rank;
      defs.add(def("FFT" + suffix, r, true, false));
      defs.add(def("IFFT" + suffix, r, false, false));
      defs.add(def("RFFT" + suffix, r, true, true));
      defs.add(def("IRFFT" + suffix, r, false, true));
    }
    return List.copyOf(defs);
  }

  private static KernelDef def(String op, int rank, boolean forward, boolean real) {
    return KernelDef.builder(op, Device.CPU)
        .build(n -> ctx -> compute(n, ctx, rank, forward, real));
  }

  private static void compute(
      NodeInfo node, KernelContext ctx, int rank, boolean forward, boolean real) {
    Tensor in = ctx.input(0);
    Shape inShape = in.shape();
    if (inShape.rank() < rank) {
      throw node.invalidArgument(
          "Input must have rank of at least " + rank + " but got: " + inShape);
    }
    int batchDims = inShape.rank() - rank;
    long[] outDims = inShape.dims().clone();
    long[] lengths = new long[rank];
    if (real) {
      Tensor fftLength = ctx.input(1);
      if (fftLength.shape().rank() != 1 || fftLength.shape().dim(0) != rank) {
        throw node.invalidArgument("fft_length must have shape [" + rank + "]");
      }
      for (int i = 0; i < rank; i++) {
        int v = fftLength.data().getAtIndex(Layouts.I32, i);
        if (v < 0) {
          throw node.invalidArgument("fft_length[" + i + "] must >= 0, but got: " + v);
        }
        lengths[i] = v;
        boolean innerMost = i == rank - 1;
        long minLength = !forward && innerMost ? lengths[i] / 2 + 1 : lengths[i];
        int index = batchDims + i;
        if (inShape.dim(index) != 0 && inShape.dim(index) < minLength) {
          throw node.invalidArgument(
              "Input dimension "
                  + index
                  + " must have length of at least "
                  + minLength
                  + " but got: "
                  + inShape.dim(index));
        }
        outDims[index] = forward && innerMost && lengths[i] != 0 ? lengths[i] / 2 + 1 : lengths[i];
      }
    } else {
      for (int i = 0; i < rank; i++) {
        lengths[i] = inShape.dim(batchDims + i);
      }
    }
    DType outType = node.outputDType(0);
    DType inType = in.dtype();
    checkTypes(node, real, forward, inType, outType);
    Shape outShape = Shape.of(outDims);
    TensorBuffer out = ctx.allocate(outType, outShape);
    if (inShape.numElements() == 0 || outShape.numElements() == 0) {
      ctx.setOutput(0, out.freeze());
      return;
    }
    long batch = 1;
    for (int i = 0; i < batchDims; i++) {
      batch *= inShape.dim(i);
    }
    // The complex working array: batch x lengths, except that IRFFT's inner-most axis holds the
    // fft_length/2+1 bins it reads.
    long[] work = new long[rank + 1];
    long[] src = new long[rank + 1];
    work[0] = batch;
    src[0] = batch;
    for (int i = 0; i < rank; i++) {
      work[i + 1] = !forward && real && i == rank - 1 ? lengths[i] / 2 + 1 : lengths[i];
      src[i + 1] = inShape.dim(batchDims + i);
    }
    long workSize = 1;
    for (long d : work) {
      workSize *= d;
    }
    if (workSize > Integer.MAX_VALUE) {
      throw node.error(Code.RESOURCE_EXHAUSTED, "FFT of " + workSize + " points is too large");
    }
    double[] re = new double[(int) workSize];
    double[] im = new double[(int) workSize];
    load(
        in.data(),
        isComplex(inType),
        inType == DType.DOUBLE || inType == DType.COMPLEX128,
        src,
        work,
        re,
        im);
    int transformed = real && !forward ? rank - 1 : rank;
    for (int a = 0; a < transformed; a++) {
      transformAxis(ctx, re, im, work, a + 1, forward);
    }
    double scale = 1.0;
    if (!forward) {
      for (long l : lengths) {
        scale /= l;
      }
    }
    MemorySegment dst = out.segment();
    if (real && !forward) {
      complexToReal(ctx, re, im, work, (int) lengths[rank - 1], scale, dst, outType);
    } else {
      store(re, im, work, outDims[outDims.length - 1], scale, dst, outType);
    }
    ctx.setOutput(0, out.freeze());
  }

  private static boolean isComplex(DType t) {
    return t == DType.COMPLEX64 || t == DType.COMPLEX128;
  }

  private static void checkTypes(
      NodeInfo node, boolean real, boolean forward, DType in, DType out) {
    boolean ok;
    String what;
    if (real && forward) {
      ok =
          (in == DType.FLOAT && out == DType.COMPLEX64)
              || (in == DType.DOUBLE && out == DType.COMPLEX128);
      what = "Wrong types for forward real FFT: in=";
    } else if (real) {
      ok =
          (in == DType.COMPLEX64 && out == DType.FLOAT)
              || (in == DType.COMPLEX128 && out == DType.DOUBLE);
      what = "Wrong types for backward real FFT: in=";
    } else {
      ok = in == out && isComplex(in);
      what = "Wrong types for FFT: in=";
    }
    if (!ok) {
      // TF streams the DataType enums, so the message holds their numbers.
      throw node.invalidArgument(what + in.proto().getNumber() + " out=" + out.proto().getNumber());
    }
  }

  /** Copies the input into the working array, cropping or zero-padding every transformed axis. */
  private static void load(
      MemorySegment data,
      boolean complex,
      boolean wide,
      long[] src,
      long[] work,
      double[] re,
      double[] im) {
    int dims = work.length;
    long[] index = new long[dims];
    long rows = re.length / work[dims - 1];
    long cols = Math.min(work[dims - 1], src[dims - 1]);
    for (long row = 0; row < rows; row++) {
      long rest = row;
      boolean inside = true;
      long srcRow = 0;
      for (int d = dims - 2; d >= 0; d--) {
        index[d] = rest % work[d];
        rest /= work[d];
      }
      for (int d = 0; d < dims - 1; d++) {
        if (index[d] >= src[d]) {
          inside = false;
          break;
        }
        srcRow = srcRow * src[d] + index[d];
      }
      if (!inside) {
        continue;
      }
      long from = srcRow * src[dims - 1];
      int to = (int) (row * work[dims - 1]);
      for (int c = 0; c < cols; c++) {
        long e = from + c;
        if (complex) {
          re[to + c] =
              wide ? data.getAtIndex(Layouts.F64, 2 * e) : data.getAtIndex(Layouts.F32, 2 * e);
          im[to + c] =
              wide
                  ? data.getAtIndex(Layouts.F64, 2 * e + 1)
                  : data.getAtIndex(Layouts.F32, 2 * e + 1);
        } else {
          re[to + c] = wide ? data.getAtIndex(Layouts.F64, e) : data.getAtIndex(Layouts.F32, e);
        }
      }
    }
  }

  /** The complex transform of every line along axis {@code a} of the working array. */
  private static void transformAxis(
      KernelContext ctx, double[] re, double[] im, long[] work, int a, boolean forward) {
    int len = (int) work[a];
    if (len <= 1) {
      return;
    }
    long inner = 1;
    for (int d = a + 1; d < work.length; d++) {
      inner *= work[d];
    }
    long lines = re.length / len;
    long stride = inner;
    long cost = (long) len * (32 - Integer.numberOfLeadingZeros(len)) * 20;
    ctx.parallel()
        .forRange(
            lines,
            cost,
            (start, end) -> {
              Dft dft = new Dft(len);
              double[] lr = new double[len];
              double[] li = new double[len];
              for (long line = start; line < end; line++) {
                long base = (line / stride) * stride * len + line % stride;
                for (int k = 0; k < len; k++) {
                  int at = (int) (base + k * stride);
                  lr[k] = re[at];
                  li[k] = im[at];
                }
                dft.transform(lr, li, !forward);
                for (int k = 0; k < len; k++) {
                  int at = (int) (base + k * stride);
                  re[at] = lr[k];
                  im[at] = li[k];
                }
              }
            });
  }

  /**
   * IRFFT's last step per row: the bins 0..n/2 extended by Hermitian symmetry, inverted, and the
   * real part kept, so the imaginary parts of DC and Nyquist drop out.
   */
  private static void complexToReal(
      KernelContext ctx,
      double[] re,
      double[] im,
      long[] work,
      int n,
      double scale,
      MemorySegment dst,
      DType outType) {
    int bins = (int) work[work.length - 1];
    long rows = re.length / bins;
    boolean wide = outType == DType.DOUBLE;
    long cost = (long) n * (33 - Integer.numberOfLeadingZeros(Math.max(n, 1))) * 20;
    ctx.parallel()
        .forRange(
            rows,
            cost,
            (start, end) -> {
              Dft dft = new Dft(n);
              double[] lr = new double[n];
              double[] li = new double[n];
              for (long row = start; row < end; row++) {
                int base = (int) (row * bins);
                for (int k = 0; k < n; k++) {
                  if (k < bins) {
                    lr[k] = re[base + k];
                    li[k] = im[base + k];
                  } else {
                    lr[k] = re[base + n - k];
                    li[k] = -im[base + n - k];
                  }
                }
                dft.transform(lr, li, true);
                long to = row * n;
                for (int k = 0; k < n; k++) {
                  double v = lr[k] * scale;
                  if (wide) {
                    dst.setAtIndex(Layouts.F64, to + k, v);
                  } else {
                    dst.setAtIndex(Layouts.F32, to + k, (float) v);
                  }
                }
              }
            });
  }

  /** The working array (its inner-most axis cut to {@code cols}) into a complex output. */
  private static void store(
      double[] re,
      double[] im,
      long[] work,
      long cols,
      double scale,
      MemorySegment dst,
      DType outType) {
    int width = (int) work[work.length - 1];
    long rows = re.length / width;
    boolean wide = outType == DType.COMPLEX128;
    for (long row = 0; row < rows; row++) {
      for (int c = 0; c < cols; c++) {
        int from = (int) (row * width + c);
        long to = 2 * (row * cols + c);
        if (wide) {
          dst.setAtIndex(Layouts.F64, to, re[from] * scale);
          dst.setAtIndex(Layouts.F64, to + 1, im[from] * scale);
        } else {
          dst.setAtIndex(Layouts.F32, to, (float) (re[from] * scale));
          dst.setAtIndex(Layouts.F32, to + 1, (float) (im[from] * scale));
        }
      }
    }
  }
}
