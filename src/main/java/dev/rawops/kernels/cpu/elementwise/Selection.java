package dev.rawops.kernels.cpu.elementwise;

import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.elementwise.Broadcast;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.Arrays;
import java.util.List;

/**
 * Select's and ClipByValue's own input rules (TF's messages), and the string members of the family
 * (Equal, NotEqual, Add as concatenation, Select, SelectV2), which broadcast by element index.
 */
final class Selection {
  private Selection() {}

  /** TF's SelectOp: same shapes, a vector condition matching dim 0, or a scalar condition. */
  static Tensor[] checkSelect(Tensor[] in) {
    Tensor cond = in[0];
    Shape t = in[1].shape();
    Shape e = in[2].shape();
    if (cond.shape().rank() == 0) {
      requireSameSize(t, e);
      return in;
    }
    if (cond.shape().rank() == 1 && t.rank() != 1) {
      if (t.rank() == 0) {
        throw RawOpsException.invalidArgument(
            "'then' must be at least a vector, but saw shape: " + t);
      }
      if (t.dim(0) != cond.numElements()) {
        throw RawOpsException.invalidArgument(
            "Number of batches of 'then' must match size of 'condition', but saw: "
                + t.dim(0)
                + " vs. "
                + cond.numElements());
      }
      requireSameSize(t, e);
      long[] d = new long[t.rank()];
      Arrays.fill(d, 1);
      d[0] = t.dim(0);
      return new Tensor[] {Tensor.reshape(cond, Shape.of(d)), in[1], in[2]};
    }
    if (!cond.shape().equals(t) || !t.equals(e)) {
      Shape other = !cond.shape().equals(t) ? t : e;
      int which = !cond.shape().equals(t) ? 1 : 2;
      throw RawOpsException.invalidArgument(
          "Inputs to operation Select of type Select must have the same size and shape.  Input 0: "
              + cond.shape()
              + " != input "
              + which
              + ": "
              + other);
    }
    return in;
  }

  private static void requireSameSize(Shape t, Shape e) {
    if (!t.equals(e)) {
      throw RawOpsException.invalidArgument(
          "'then' and 'else' must have the same size.  but received: " + t + " vs. " + e);
    }
  }

  /** TF's ClipOp: the bounds are scalars or shaped like the input. */
  static Tensor[] checkClip(Tensor[] in) {
    Shape s = in[0].shape();
    boolean ok =
        (in[1].shape().equals(s) || in[1].shape().rank() == 0)
            && (in[2].shape().equals(s) || in[2].shape().rank() == 0);
    if (!ok) {
      throw RawOpsException.invalidArgument(
          "clip_value_min and clip_value_max must be either scalars or have the same shape as the"
              + " input: "
              + s
              + " vs. "
              + in[1].shape()
              + " vs. "
              + in[2].shape());
    }
    return in;
  }

  /** TF's BetaincOp: non-scalar a, b and x must have equal shapes. */
  static Tensor[] checkBetainc(Tensor[] in) {
    String[] names = {"a", "b", "x"};
    for (int i = 0; i < 3; i++) {
      for (int j = i + 1; j < 3; j++) {
        Shape p = in[i].shape();
        Shape q = in[j].shape();
        if (p.rank() > 0 && q.rank() > 0 && !p.equals(q)) {
          throw RawOpsException.invalidArgument(
              "Shapes of "
                  + names[i]
                  + " and "
                  + names[j]
                  + " are inconsistent: "
                  + p
                  + " vs. "
                  + q);
        }
      }
    }
    return in;
  }

  static List<KernelDef> stringDefs() {
    return List.of(
        KernelDef.builder("Equal", Device.CPU)
            .typeConstraint("T", DType.STRING)
            .build(
                node ->
                    ctx -> compare(ctx, true, node.attrs().getBool("incompatible_shape_error"))),
        KernelDef.builder("NotEqual", Device.CPU)
            .typeConstraint("T", DType.STRING)
            .build(
                node ->
                    ctx -> compare(ctx, false, node.attrs().getBool("incompatible_shape_error"))),
        KernelDef.builder("Add", Device.CPU)
            .typeConstraint("T", DType.STRING)
            .build(_ -> Selection::concat),
        KernelDef.builder("Select", Device.CPU)
            .typeConstraint("T", DType.STRING)
            .build(_ -> ctx -> select(ctx, true)),
        KernelDef.builder("SelectV2", Device.CPU)
            .typeConstraint("T", DType.STRING)
            .build(_ -> ctx -> select(ctx, false)));
  }

  private static Broadcast broadcast(Tensor... in) {
    Shape[] shapes = new Shape[in.length];
    for (int i = 0; i < in.length; i++) {
      shapes[i] = in[i].shape();
    }
    Broadcast bc = Broadcast.of(shapes);
    if (bc == null) {
      throw RawOpsException.invalidArgument(Broadcast.incompatible(shapes));
    }
    return bc;
  }

  /** Source element of each output element, per input. */
  private static int[][] sources(Broadcast bc, int inputs) {
    long total = bc.outputShape().numElements();
    int n = Math.toIntExact(total);
    int[][] src = new int[inputs][n];
    long[] buf = new long[n];
    for (int k = 0; k < inputs; k++) {
      if (n > 0) {
        ElementwiseKernel.sourceIndices(bc.dims(), bc.strides(k), 0, n, buf);
      }
      for (int i = 0; i < n; i++) {
        src[k][i] = (int) buf[i];
      }
    }
    return src;
  }

  private static void compare(KernelContext ctx, boolean equal, boolean strictShapes) {
    Tensor x = ctx.input(0);
    Tensor y = ctx.input(1);
    Broadcast bc = Broadcast.of(x.shape(), y.shape());
    if (bc == null && !strictShapes) {
      ctx.setOutput(0, Tensor.ofBooleans(Shape.scalar(), !equal));
      return;
    }
    bc = broadcast(x, y);
    int[][] src = sources(bc, 2);
    byte[][] a = KernelAccess.strings(x);
    byte[][] b = KernelAccess.strings(y);
    boolean[] out = new boolean[src[0].length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Arrays.equals(a[src[0][i]], b[src[1][i]]) == equal;
    }
    ctx.setOutput(0, Tensor.ofBooleans(bc.outputShape(), out));
  }

  private static void concat(KernelContext ctx) {
    Tensor x = ctx.input(0);
    Tensor y = ctx.input(1);
    Broadcast bc = broadcast(x, y);
    int[][] src = sources(bc, 2);
    byte[][] a = KernelAccess.strings(x);
    byte[][] b = KernelAccess.strings(y);
    byte[][] out = new byte[src[0].length][];
    for (int i = 0; i < out.length; i++) {
      byte[] p = a[src[0][i]];
      byte[] q = b[src[1][i]];
      byte[] r = Arrays.copyOf(p, p.length + q.length);
      System.arraycopy(q, 0, r, p.length, q.length);
      out[i] = r;
    }
    ctx.setOutput(0, KernelAccess.wrapStrings(bc.outputShape(), out));
  }

  private static void select(KernelContext ctx, boolean v1) {
    Tensor[] in = {ctx.input(0), ctx.input(1), ctx.input(2)};
    if (v1) {
      in = checkSelect(in);
    }
    Broadcast bc = broadcast(in);
    int[][] src = sources(bc, 3);
    Tensor cond = in[0];
    byte[][] t = KernelAccess.strings(in[1]);
    byte[][] e = KernelAccess.strings(in[2]);
    byte[][] out = new byte[src[0].length][];
    for (int i = 0; i < out.length; i++) {
      out[i] = cond.getBoolean(src[0][i]) ? t[src[1][i]] : e[src[2][i]];
    }
    ctx.setOutput(0, KernelAccess.wrapStrings(bc.outputShape(), out));
  }
}
