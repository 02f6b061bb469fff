package dev.rawops.kernels.cpu.nn;

import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.Gemm;
import dev.rawops.kernels.cpu.support.NnData;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;

/**
 * Fused RNN cells on CPU (TF's lstm_ops.cc, gru_ops.cc): LSTMBlockCell, BlockLSTM (gate layout i,
 * c, f, o), BlockLSTMV2 (i, f, c, o; no forget bias) and GRUBlockCell. Computed in double, outputs
 * rounded to T.
 */
final class CpuRnn {
  private CpuRnn() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("LSTMBlockCell", Device.CPU)
              .typeConstraint("T", HALF, FLOAT)
              .build(n -> ctx -> lstm(n, ctx, false)),
          KernelDef.builder("BlockLSTM", Device.CPU)
              .typeConstraint("T", HALF, FLOAT)
              .build(n -> ctx -> lstm(n, ctx, true)),
          KernelDef.builder("BlockLSTMV2", Device.CPU)
              .typeConstraint("T", HALF, FLOAT)
              .build(n -> ctx -> lstm(n, ctx, true)),
          KernelDef.builder("GRUBlockCell", Device.CPU)
              .typeConstraint("T", FLOAT)
              .build(n -> ctx -> gru(n, ctx)));

  private static double sigmoid(double x) {
    return 1 / (1 + Math.exp(-x));
  }

  private static void lstm(NodeInfo node, KernelContext ctx, boolean block) {
    int o = block ? 1 : 0;
    Tensor x = ctx.input(o);
    Tensor csPrev = ctx.input(o + 1);
    Tensor hPrev = ctx.input(o + 2);
    Tensor w = ctx.input(o + 3);
    double[] wci = NnData.doubles(ctx.input(o + 4));
    double[] wcf = NnData.doubles(ctx.input(o + 5));
    double[] wco = NnData.doubles(ctx.input(o + 6));
    double[] bias = NnData.doubles(ctx.input(o + 7));
    boolean v2 = node.op().equals("BlockLSTMV2");
    double forgetBias = v2 ? 0 : node.attrs().get("forget_bias").getF();
    double clip = node.attrs().get("cell_clip").getF();
    boolean peep = node.attrs().getBool("use_peephole");
    Shape xs = x.shape();
    if (xs.rank() != (block ? 3 : 2)) {
      throw node.invalidArgument("x must be " + (block ? 3 : 2) + "D: " + xs);
    }
    int steps = block ? (int) xs.dim(0) : 1;
    int batch = (int) xs.dim(block ? 1 : 0);
    int in = (int) xs.dim(block ? 2 : 1);
    int h = (int) hPrev.shape().dim(hPrev.shape().rank() - 1);
    if (w.shape().rank() != 2 || w.shape().dim(0) != in + h || w.shape().dim(1) != 4L * h) {
      throw node.invalidArgument(
          "w.dim_size(0) != input_size + cell_size: " + w.shape().dim(0) + " vs. " + (in + h));
    }
    if (bias.length != 4 * h) {
      throw node.invalidArgument("b.dim_size(0) != cell_size * 4: " + bias.length);
    }
    int seqLen = steps;
    if (block) {
      long s = ctx.input(0).getIndex(0);
      seqLen = (int) Math.min(steps, Math.max(0, s));
    }
    double[] xv = NnData.doubles(x);
    double[] cs = NnData.doubles(csPrev);
    double[] hp = NnData.doubles(hPrev);
    double[] wv = NnData.doubles(w);
    int bh = batch * h;
    double[][] outs = new double[7][steps * bh];
    int gi = 0;
    int gc = v2 ? 2 * h : h;
    int gf = v2 ? h : 2 * h;
    int go = 3 * h;
    double[] xh = new double[batch * (in + h)];
    double[] gates = new double[batch * 4 * h];
    for (int t = 0; t < seqLen; t++) {
      for (int b = 0; b < batch; b++) {
        System.arraycopy(xv, (t * batch + b) * in, xh, b * (in + h), in);
        System.arraycopy(hp, b * h, xh, b * (in + h) + in, h);
        for (int j = 0; j < 4 * h; j++) {
          gates[b * 4 * h + j] = bias[j];
        }
      }
      Gemm.gemm(xh, 0, wv, 0, gates, 0, batch, in + h, 4 * h);
      double[] newCs = new double[bh];
      double[] newH = new double[bh];
      for (int b = 0; b < batch; b++) {
        for (int j = 0; j < h; j++) {
          int g = b * 4 * h;
          int k = b * h + j;
          double cp = cs[k];
          double iv = sigmoid(gates[g + gi + j] + (peep ? cp * wci[j] : 0));
          double fv = sigmoid(gates[g + gf + j] + forgetBias + (peep ? cp * wcf[j] : 0));
          double ci = Math.tanh(gates[g + gc + j]);
          double c = ci * iv + cp * fv;
          if (clip > 0) {
            c = Math.max(-clip, Math.min(clip, c));
          }
          double ov = sigmoid(gates[g + go + j] + (peep ? c * wco[j] : 0));
          double co = Math.tanh(c);
          double hv = co * ov;
          int at = t * bh + k;
          outs[0][at] = iv;
          outs[1][at] = c;
          outs[2][at] = fv;
          outs[3][at] = ov;
          outs[4][at] = ci;
          outs[5][at] = co;
          outs[6][at] = hv;
          newCs[k] = c;
          newH[k] = hv;
        }
      }
      DType dt = x.dtype();
      NnData.round(dt, newCs);
      NnData.round(dt, newH);
      cs = newCs;
      hp = newH;
    }
    Shape os = block ? Shape.of(steps, batch, h) : Shape.of(batch, h);
    for (int i = 0; i < 7; i++) {
      ctx.setOutput(i, NnData.of(ctx, x.dtype(), os, outs[i]));
    }
  }

  private static void gru(NodeInfo node, KernelContext ctx) {
    Tensor x = ctx.input(0);
    Tensor hPrev = ctx.input(1);
    double[] wru = NnData.doubles(ctx.input(2));
    double[] wc = NnData.doubles(ctx.input(3));
    double[] bru = NnData.doubles(ctx.input(4));
    double[] bc = NnData.doubles(ctx.input(5));
    int batch = (int) x.shape().dim(0);
    int in = (int) x.shape().dim(1);
    int h = (int) hPrev.shape().dim(1);
    if (hPrev.shape().dim(0) != batch) {
      throw node.invalidArgument(
          "h_prev.dims(0) != batch_size: " + hPrev.shape().dim(0) + " vs. " + batch);
    }
    if (ctx.input(2).shape().rank() != 2
        || ctx.input(2).shape().dim(0) != in + h
        || ctx.input(2).shape().dim(1) != 2L * h) {
      throw node.invalidArgument(
          "w_ru.dim_size(0) != input_size + cell_size: "
              + ctx.input(2).shape().dim(0)
              + " vs. "
              + (in + h));
    }
    double[] xv = NnData.doubles(x);
    double[] hp = NnData.doubles(hPrev);
    double[] xh = new double[batch * (in + h)];
    double[] ru = new double[batch * 2 * h];
    for (int b = 0; b < batch; b++) {
      System.arraycopy(xv, b * in, xh, b * (in + h), in);
      System.arraycopy(hp, b * h, xh, b * (in + h) + in, h);
      System.arraycopy(bru, 0, ru, b * 2 * h, 2 * h);
    }
    Gemm.gemm(xh, 0, wru, 0, ru, 0, batch, in + h, 2 * h);
    double[] r = new double[batch * h];
    double[] u = new double[batch * h];
    for (int b = 0; b < batch; b++) {
      for (int j = 0; j < h; j++) {
        r[b * h + j] = sigmoid(ru[b * 2 * h + j]);
        u[b * h + j] = sigmoid(ru[b * 2 * h + h + j]);
      }
    }
    DType dt = x.dtype();
    NnData.round(dt, r);
    NnData.round(dt, u);
    double[] c = new double[batch * h];
    for (int b = 0; b < batch; b++) {
      for (int j = 0; j < h; j++) {
        xh[b * (in + h) + in + j] = hp[b * h + j] * r[b * h + j];
      }
      System.arraycopy(bc, 0, c, b * h, h);
    }
    Gemm.gemm(xh, 0, wc, 0, c, 0, batch, in + h, h);
    double[] hv = new double[batch * h];
    for (int i = 0; i < c.length; i++) {
      c[i] = Math.tanh(c[i]);
      hv[i] = u[i] * hp[i] + (1 - u[i]) * c[i];
    }
    Shape os = Shape.of(batch, h);
    ctx.setOutput(0, NnData.of(ctx, dt, os, r));
    ctx.setOutput(1, NnData.of(ctx, dt, os, u));
    ctx.setOutput(2, NnData.of(ctx, dt, os, c));
    ctx.setOutput(3, NnData.of(ctx, dt, os, hv));
  }
}
