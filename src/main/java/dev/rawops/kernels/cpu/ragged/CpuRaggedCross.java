package dev.rawops.kernels.cpu.ragged;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.Fingerprints;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * RaggedCross on CPU (ragged_cross_op.cc): per batch row, the cartesian product of the row's
 * features of every input in {@code input_order} (ragged "R", sparse "S", dense "D"; the last input
 * varying fastest), either joined with "_X_" (int64 features in decimal) or folded from {@code
 * hash_key} with FingerprintCat64 over each feature's fingerprint (farmhash Fingerprint64 of a
 * string, an int64 as itself) and taken modulo {@code num_buckets} (or 2^63 - 1) as unsigned.
 */
public final class CpuRaggedCross {
  private CpuRaggedCross() {}

  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("RaggedCross", Device.CPU)
              .tfCpuTypes("out_row_splits_type")
              .build(Cross::new));

  private static final byte[] SEPARATOR = "_X_".getBytes(StandardCharsets.US_ASCII);

  /**
   * One input's features: where each batch row's features start, and the flat features as
   * fingerprints (hashed output) or bytes (string output).
   */
  private static final class Feature {
    final long[] rowStarts;
    final long[] hashes;
    final byte[][] texts;

    Feature(long[] rowStarts, long[] hashes, byte[][] texts) {
      this.rowStarts = rowStarts;
      this.hashes = hashes;
      this.texts = texts;
    }

    long count(int b) {
      return rowStarts[b + 1] - rowStarts[b];
    }
  }

  private record Cross(
      NodeInfo node,
      int ragged,
      int raggedSplits,
      int sparse,
      int sparseValues,
      int dense,
      String order,
      boolean hashed,
      long buckets,
      long key)
      implements Kernel {
    Cross(NodeInfo node) {
      this(
          node,
          node.attrs().getTypeList("ragged_values_types").size(),
          node.attrs().getTypeList("ragged_splits_types").size(),
          Math.toIntExact(node.attrs().getInt("Nsparse")),
          node.attrs().getTypeList("sparse_values_types").size(),
          node.attrs().getTypeList("dense_types").size(),
          node.attrs().getString("input_order"),
          node.attrs().getBool("hashed_output"),
          node.attrs().getInt("num_buckets"),
          node.attrs().getInt("hash_key"));
    }

    private String rank2() {
      return "tf.ragged.cross only supports inputs with rank=2.";
    }

    @Override
    public void compute(KernelContext ctx) {
      if (ragged != raggedSplits) {
        throw node.invalidArgument("ragged values and splits must have the same length");
      }
      if (sparse != sparseValues) {
        throw node.invalidArgument("sparse indices and values must have the same length");
      }
      if (ragged + sparse + dense != order.length()) {
        throw node.invalidArgument("Invalid length for input_order");
      }
      List<Tensor> rv = range(ctx, 0, ragged);
      List<Tensor> rs = range(ctx, ragged, ragged);
      List<Tensor> si = range(ctx, 2 * ragged, sparse);
      List<Tensor> sv = range(ctx, 2 * ragged + sparse, sparse);
      List<Tensor> ss = range(ctx, 2 * ragged + 2 * sparse, sparse);
      List<Tensor> dn = range(ctx, 2 * ragged + 3 * sparse, dense);
      long batch = validate(rv, rs, si, sv, ss, dn);
      int nb = Math.toIntExact(batch);
      List<Feature> features = new ArrayList<>();
      int nextR = 0;
      int nextS = 0;
      int nextD = 0;
      for (int ci = 0; ci < order.length(); ci++) {
        switch (order.charAt(ci)) {
          case 'R' -> {
            if (nextR >= rv.size()) {
              throw missing("a ragged tensor value", nextR, rv.size(), "values");
            }
            features.add(feature(IndexChunks.readAll(rs.get(nextR)), rv.get(nextR)));
            nextR++;
          }
          case 'S' -> {
            if (nextS >= sv.size()) {
              throw missing("a sparse tensor value", nextS, sv.size(), "values");
            }
            features.add(feature(sparseStarts(si.get(nextS), sv.get(nextS), nb), sv.get(nextS)));
            nextS++;
          }
          case 'D' -> {
            if (nextD >= dn.size()) {
              throw node.invalidArgument(
                  "input_order \""
                      + order
                      + "\" specifies reading a dense tensor at index "
                      + nextD
                      + " from a list of "
                      + dn.size()
                      + " tensors.");
            }
            Tensor d = dn.get(nextD++);
            long k = d.shape().dim(1);
            long[] starts = new long[nb + 1];
            for (int b = 0; b <= nb; b++) {
              starts[b] = b * k;
            }
            features.add(feature(starts, d));
          }
          default -> throw node.invalidArgument("Unexpected input_order value.");
        }
      }
      write(ctx, features, nb);
    }

    private RuntimeException missing(String what, int index, int size, String noun) {
      return node.invalidArgument(
          "input_order \""
              + order
              + "\" specifies reading "
              + what
              + " at index "
              + index
              + " from a list of "
              + size
              + " "
              + noun
              + ".");
    }

    private static List<Tensor> range(KernelContext ctx, int from, int n) {
      List<Tensor> l = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        l.add(ctx.input(from + i));
      }
      return l;
    }

    private long validate(
        List<Tensor> rv,
        List<Tensor> rs,
        List<Tensor> si,
        List<Tensor> sv,
        List<Tensor> ss,
        List<Tensor> dn) {
      DType splitsType = DType.fromProto(node.attrs().getType("out_row_splits_type"));
      for (int i = 0; i < rv.size(); i++) {
        if (rv.get(i).shape().rank() != 1 || rs.get(i).shape().rank() != 1) {
          throw node.invalidArgument(rank2());
        }
        // TF 2.18 reads these splits as out_row_splits_type and aborts the process otherwise
        if (rs.get(i).dtype() != splitsType) {
          throw node.invalidArgument(
              "ragged_row_splits["
                  + i
                  + "] is "
                  + rs.get(i).dtype().tfName()
                  + " but out_row_splits_type is "
                  + splitsType.tfName());
        }
        RaggedSplits.verify(node, IndexChunks.readAll(rs.get(i)), rv.get(i).numElements());
      }
      for (int i = 0; i < si.size(); i++) {
        if (si.get(i).shape().rank() != 2
            || sv.get(i).shape().rank() != 1
            || ss.get(i).shape().rank() != 1) {
          throw node.invalidArgument("Invalid SparseTensor " + i);
        }
        if (ss.get(i).numElements() != 2) {
          throw node.invalidArgument(rank2());
        }
      }
      for (Tensor d : dn) {
        if (d.shape().rank() != 2) {
          throw node.invalidArgument(rank2());
        }
      }
      long batch;
      if (!rs.isEmpty()) {
        batch = rs.get(0).numElements() - 1;
      } else if (!dn.isEmpty()) {
        batch = dn.get(0).shape().dim(0);
      } else if (!ss.isEmpty()) {
        batch = ss.get(0).getLong(0);
      } else {
        batch = 0;
      }
      boolean same = true;
      for (Tensor s : rs) {
        same &= s.numElements() - 1 == batch;
      }
      for (Tensor s : ss) {
        same &= s.getLong(0) == batch;
      }
      for (Tensor d : dn) {
        same &= d.shape().dim(0) == batch;
      }
      if (!same) {
        throw node.invalidArgument("inputs must all have the same batch dimension size.");
      }
      return batch;
    }

    /** TF's SparseFeatureReader row starts: entries counted while their row is at most b. */
    private static long[] sparseStarts(Tensor indices, Tensor values, int batch) {
      long n = values.numElements();
      long cols = indices.shape().dim(1);
      long[] starts = new long[batch + 1];
      long i = 0;
      for (int row = 0; row < batch; row++) {
        while (i < n && indices.getLong(i * cols) <= row) {
          i++;
        }
        starts[row + 1] = i;
      }
      return starts;
    }

    private Feature feature(long[] starts, Tensor values) {
      int n = Math.toIntExact(values.numElements());
      boolean strings = values.dtype() == DType.STRING;
      if (hashed) {
        long[] h = new long[n];
        if (strings) {
          byte[][] s = values.toBytesArray();
          for (int i = 0; i < n; i++) {
            h[i] = Fingerprints.fingerprint64(s[i]);
          }
        } else {
          h = values.toLongArray();
        }
        return new Feature(starts, h, null);
      }
      byte[][] t;
      if (strings) {
        t = values.toBytesArray();
      } else {
        long[] v = values.toLongArray();
        t = new byte[n][];
        for (int i = 0; i < n; i++) {
          t[i] = Long.toString(v[i]).getBytes(StandardCharsets.US_ASCII);
        }
      }
      return new Feature(starts, null, t);
    }

    private void write(KernelContext ctx, List<Feature> features, int batch) {
      DType splitsType = DType.fromProto(node.attrs().getType("out_row_splits_type"));
      TensorBuffer splits = ctx.allocate(splitsType, Shape.of(batch + 1L));
      long total = 0;
      long[] rowEnds = new long[batch + 1];
      for (int b = 0; b < batch; b++) {
        long count = 1;
        for (Feature f : features) {
          long c = f.count(b);
          if (c < 0) {
            throw node.invalidArgument("Invalid RaggedTensor");
          }
          count = c == 0 ? 0 : count * c;
          if (c == 0) {
            break;
          }
        }
        total += count;
        rowEnds[b + 1] = total;
        splits.setIndex(b + 1L, total);
      }
      int n = Math.toIntExact(total);
      TensorBuffer values = ctx.allocate(hashed ? DType.INT64 : DType.STRING, Shape.of(n));
      byte[][] texts = hashed ? null : values.strings();
      int at = 0;
      int[] combo = new int[features.size()];
      for (int b = 0; b < batch; b++) {
        long rowCount = rowEnds[b + 1] - rowEnds[b];
        Arrays.fill(combo, 0);
        for (long k = 0; k < rowCount; k++) {
          if (hashed) {
            values.setIndex(at, hash(features, b, combo));
          } else {
            texts[at] = join(features, b, combo);
          }
          at++;
          next(features, b, combo);
        }
      }
      ctx.setOutput(0, values.freeze());
      ctx.setOutput(1, splits.freeze());
    }

    private long hash(List<Feature> features, int b, int[] combo) {
      long h = key;
      for (int i = 0; i < combo.length; i++) {
        Feature f = features.get(i);
        h = Fingerprints.fingerprintCat64(h, f.hashes[(int) f.rowStarts[b] + combo[i]]);
      }
      return Long.remainderUnsigned(h, buckets > 0 ? buckets : Long.MAX_VALUE);
    }

    private static byte[] join(List<Feature> features, int b, int[] combo) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      for (int i = 0; i < combo.length; i++) {
        if (i > 0) {
          out.writeBytes(SEPARATOR);
        }
        Feature f = features.get(i);
        out.writeBytes(f.texts[(int) f.rowStarts[b] + combo[i]]);
      }
      return out.toByteArray();
    }

    /** The next combination, the last feature fastest (TF's NextCombination). */
    private static void next(List<Feature> features, int b, int[] combo) {
      for (int i = combo.length - 1; i >= 0; i--) {
        combo[i]++;
        if (combo[i] == features.get(i).count(b)) {
          combo[i] = 0;
        } else {
          return;
        }
      }
    }
  }
}
