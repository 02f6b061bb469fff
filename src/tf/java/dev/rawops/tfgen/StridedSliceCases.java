package dev.rawops.tfgen;

import static dev.rawops.tfgen.StridedSliceCaseKit.addConst;
import static dev.rawops.tfgen.StridedSliceCaseKit.v;
import static dev.rawops.tfgen.TypedProtos.Encoding.CONTENT;
import static dev.rawops.tfgen.TypedProtos.Encoding.TYPED;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.StridedSliceCaseKit.InputVia;
import dev.rawops.tfgen.StridedSliceCaseKit.Spec;
import dev.rawops.tfgen.StridedSliceCaseKit.VectorsVia;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * StridedSlice: every example of the seed page; random specs for each of the 32 combinations of
 * non-zero masks (each Index dtype, every data dtype, ranks 0–6, empty dimensions, clamped bounds,
 * negative strides, input and begin/end/strides as Const or fed with full, partial or no static
 * shape); views; shape and bound edges; and, in {@link StridedSliceErrorCases}, every invalid spec
 * with TF's stage.
 */
public final class StridedSliceCases implements CaseFamily {
  static final DType[] INDEX_TYPES = {DType.INT16, DType.INT32, DType.INT64};

  @Override
  public String directory() {
    return "strided_slice";
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    seeds(out);
    maskCombinations(out, r);
    StridedSliceShapeCases.add(out, r);
    StridedSliceErrorCases.add(out);
    return out.cases();
  }

  /** 0, 1, 2, … of an integer type or float. */
  static Tensor iota(DType t, long... dims) {
    Shape s = Shape.of(dims);
    long[] values = new long[Math.toIntExact(s.numElements())];
    float[] floats = new float[values.length];
    for (int i = 0; i < values.length; i++) {
      values[i] = i;
      floats[i] = i;
    }
    return t == DType.FLOAT ? Tensor.ofFloats(s, floats) : Tensor.ofIntegers(t, s, values);
  }

  /** The seed page's examples (002_*), as in graphs/examples/strided_slice. */
  private static void seeds(CaseList out) {
    addConst(
        out,
        "seed: worked example foo[1, 2:4, tf.newaxis, ..., :-3:-1, :] on (5,5,5,5,5,5) -> (2,1,5,5,2,5)",
        iota(DType.INT16, 5, 5, 5, 5, 5, 5),
        Spec.of(v(1, 2, 0, 0, 0, 0), v(2, 4, 0, 0, -3, 0), v(1, 1, 1, 1, -1, 1), 48, 32, 8, 4, 1));
    addConst(
        out,
        "seed: foo[-2::-1] on [1,2,3,4] (the page prints [4,3])",
        Tensor.ofInts(Shape.of(4), 1, 2, 3, 4),
        Spec.of(v(-2), v(0), v(-1), 0, 1));
    addConst(
        out,
        "seed: foo[...] is the identity",
        iota(DType.INT32, 3, 4),
        Spec.of(v(0), v(0), v(1), 0, 0, 1));
    addConst(
        out,
        "seed: foo[tf.newaxis, ...] on (3,4) -> (1,3,4)",
        iota(DType.INT32, 3, 4),
        Spec.of(v(0, 0), v(0, 0), v(1, 1), 0, 0, 2, 1));
    addConst(
        out,
        "seed: foo[:, ...] on (3,4), as the page writes its new-axis example",
        iota(DType.INT32, 3, 4),
        Spec.of(v(0, 0), v(0, 0), v(1, 1), 1, 1, 2));
    Tensor three = Tensor.ofInts(Shape.of(3), 7, 8, 9);
    addConst(
        out, "seed: foo[:] on (3,) takes begin 0, end 3", three, Spec.of(v(0), v(0), v(1), 1, 1));
    addConst(
        out, "seed: foo[0:-1] on (3,) takes begin 0, end 2", three, Spec.of(v(0), v(-1), v(1)));
    addConst(out, "seed: foo[0::1] equals foo[:]", three, Spec.of(v(0), v(0), v(1), 0, 1));
    addConst(
        out,
        "seed: foo[2, :] on (5,6) -> (6,)",
        iota(DType.INT32, 5, 6),
        Spec.of(v(2, 0), v(3, 0), v(1, 1), 2, 2, 0, 0, 1));
  }

  /** Four random specs for each combination of non-zero masks, rotating dtypes and deliveries. */
  private static void maskCombinations(CaseList out, Random r) {
    int k = 0;
    for (int combo = 0; combo < 32; combo++) {
      for (int rep = 0; rep < 4; rep++, k++) {
        boolean shrink = (combo & 16) != 0;
        int rank = shrink ? 1 + r.nextInt(6) : r.nextInt(7);
        long[] shape = randomShape(r, rank);
        Spec s = randomSpec(r, shape, combo);
        DType dtype = DType.dataTypes()[k % DType.dataTypes().length];
        boolean typed = k % 2 == 1;
        Tensor input = RandomTensors.of(r, dtype, Shape.of(shape), typed);
        StridedSliceCaseKit.add(
            out,
            "masks " + comboName(combo) + " (random spec)",
            input,
            s,
            INDEX_TYPES[k % 3],
            InputVia.values()[k % 4],
            VectorsVia.values()[(k / 4) % 4],
            typed ? TYPED : CONTENT,
            k % 3 == 0);
      }
    }
  }

  static String comboName(int combo) {
    String[] names = {"begin", "end", "ellipsis", "new_axis", "shrink"};
    List<String> on = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      if ((combo & (1 << i)) != 0) {
        on.add(names[i]);
      }
    }
    return on.isEmpty() ? "none" : String.join("+", on);
  }

  /** Dims 0..max (an empty dimension one time in eight), small enough for compact fixtures. */
  static long[] randomShape(Random r, int rank) {
    int max = rank <= 3 ? 5 : rank <= 5 ? 3 : 2;
    long[] d = new long[rank];
    for (int i = 0; i < rank; i++) {
      d[i] = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(max);
    }
    return d;
  }

  /**
   * A random valid spec on {@code shape} whose non-zero masks are exactly those of {@code combo}
   * (bit 0 begin, 1 end, 2 ellipsis, 3 new axis, 4 shrink). Ranges get bounds up to two past either
   * end (so they clamp) and strides of ±1..3; single indices land inside their dimension (which is
   * made non-empty); new-axis and ellipsis entries carry arbitrary values, even zero strides, which
   * TF ignores. May grow {@code shape}'s empty dimensions under single indices.
   */
  static Spec randomSpec(Random r, long[] shape, int combo) {
    List<Character> kinds = kinds(r, shape.length, combo);
    int n = kinds.size();
    int ellipsisAt = kinds.indexOf('E');
    long real = kinds.stream().filter(c -> c == 'R' || c == 'S').count();
    long[] b = new long[n];
    long[] e = new long[n];
    long[] s = new long[n];
    long[] masks = new long[5];
    int dim = 0;
    for (int i = 0; i < n; i++) {
      char c = kinds.get(i);
      if (c == 'E' || c == 'N') {
        b[i] = r.nextInt(5) - 2;
        e[i] = r.nextInt(5) - 2;
        s[i] = r.nextInt(5) - 2;
        masks[c == 'E' ? 2 : 3] |= 1L << i;
        dim += c == 'E' ? (int) (shape.length - real) : 0;
        continue;
      }
      if (c == 'S') {
        shape[dim] = Math.max(shape[dim], 1);
        b[i] = r.nextInt((int) (2 * shape[dim])) - shape[dim];
        e[i] = r.nextBoolean() ? b[i] + 1 : r.nextInt(7) - 3;
        s[i] = r.nextInt(4) == 0 ? 2 : 1;
        masks[4] |= 1L << i;
      } else {
        b[i] = r.nextInt((int) (2 * shape[dim] + 5)) - shape[dim] - 2;
        e[i] = r.nextInt((int) (2 * shape[dim] + 5)) - shape[dim] - 2;
        s[i] = (1 + r.nextInt(3)) * (r.nextBoolean() ? 1 : -1);
      }
      dim++;
    }
    masks[0] = (combo & 1) != 0 ? randomBits(r, n) : 0;
    masks[1] = (combo & 2) != 0 ? randomBits(r, n) : 0;
    return new Spec(b, e, s, masks);
  }

  /** Entry kinds: R range, S single index, N new axis, E ellipsis; real entries fit the rank. */
  private static List<Character> kinds(Random r, int rank, int combo) {
    boolean shrink = (combo & 16) != 0;
    int real = shrink ? 1 + r.nextInt(rank) : r.nextInt(rank + 1);
    List<Character> kinds = new ArrayList<>();
    for (int i = 0; i < real; i++) {
      kinds.add(shrink && r.nextInt(3) == 0 ? 'S' : 'R');
    }
    if (shrink && !kinds.contains('S')) {
      kinds.set(r.nextInt(real), 'S');
    }
    if ((combo & 8) != 0) {
      for (int a = 1 + r.nextInt(2); a > 0; a--) {
        kinds.add(r.nextInt(kinds.size() + 1), 'N');
      }
    }
    if ((combo & 4) != 0) {
      kinds.add(r.nextInt(kinds.size() + 1), 'E');
    }
    return kinds;
  }

  /** Some bits among the entries (never none), sometimes one past them too. */
  private static long randomBits(Random r, int n) {
    long bits = 0;
    for (int i = 0; i < n; i++) {
      bits |= r.nextBoolean() ? 1L << i : 0;
    }
    if (bits == 0 || r.nextInt(8) == 0) {
      bits |= 1L << (n + r.nextInt(30 - n));
    }
    return bits;
  }
}
