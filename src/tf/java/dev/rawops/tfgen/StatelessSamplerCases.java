package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random-family cases of the stateless samplers: StatelessRandomGammaV2 and V3 (every dtype, alphas
 * below, at and above 1, several seeds, shapes with sample dims before alpha's) and
 * StatelessRandomPoisson (every rate and output dtype pair TF registers), and their errors.
 */
final class StatelessSamplerCases {
  private StatelessSamplerCases() {}

  private static final long[][] SEEDS = {{1, 2}, {87654321, 0}, {0, 5}, {-3, 1L << 40}};

  static void add(CaseList out, Random r) {
    gammaV2(out, r);
    gammaV3(out);
    poisson(out, r);
    binomial(out, r);
    truncated(out);
  }

  private static final double INF = Double.POSITIVE_INFINITY;

  /** mean, stddev, minval, maxval: randn, uniform, exponential and reversed samplers. */
  private static final double[][] PARAMS = {
    {0, 1, -2, 2}, {0, 1, 0.5, 0.9}, {0, 1, 2.5, INF}, {5, 2, -INF, 3}, {1, 0.5, -3, 0.2}
  };

  private static void truncated(CaseList out) {
    int k = 0;
    for (DType t : List.of(DType.HALF, DType.FLOAT, DType.DOUBLE)) {
      for (double[] q : PARAMS) {
        long[] seed = SEEDS[k++ % SEEDS.length];
        Tensor[] p = new Tensor[4];
        for (int i = 0; i < 4; i++) {
          p[i] = castTo(new double[] {q[i]}, Shape.scalar(), t);
        }
        ptn(out, p, t, k % 2 == 0 ? new long[] {7} : new long[] {3, 5}, seed, Arrays.toString(q));
      }
    }
    Tensor[] scalar = new Tensor[4];
    for (int i = 0; i < 4; i++) {
      scalar[i] = castTo(new double[] {PARAMS[1][i]}, Shape.scalar(), DType.FLOAT);
    }
    ptn(
        out,
        scalar,
        DType.FLOAT,
        new long[] {3, 50},
        new long[] {3, 4},
        "150 samples (TF's batches of 100)");
    Tensor[] vec = {
      castTo(new double[] {0, 5, 1}, Shape.of(3), DType.FLOAT),
      castTo(new double[] {1, 2, 0.5}, Shape.of(3), DType.FLOAT),
      castTo(new double[] {-2, -INF, 0.5}, Shape.of(3), DType.FLOAT),
      castTo(new double[] {2, 3, 0.9}, Shape.of(3), DType.FLOAT)
    };
    ptn(out, vec, DType.FLOAT, new long[] {3, 6}, new long[] {5, 6}, "a parameter set per batch");
    Tensor[] bad = scalar.clone();
    bad[1] = castTo(new double[] {0}, Shape.scalar(), DType.FLOAT);
    ptn(out, bad, DType.FLOAT, new long[] {4}, new long[] {1, 2}, "error: stddev 0");
    Tensor[] badLen = vec.clone();
    badLen[0] = castTo(new double[] {0, 1}, Shape.of(2), DType.FLOAT);
    ptn(out, badLen, DType.FLOAT, new long[] {3, 2}, new long[] {1, 2}, "error: means of length 2");
    Tensor[] rank2 = scalar.clone();
    rank2[2] = castTo(new double[] {0, 1}, Shape.of(1, 2), DType.FLOAT);
    ptn(out, rank2, DType.FLOAT, new long[] {3, 2}, new long[] {1, 2}, "error: minvals of rank 2");
    ptn(out, scalar, DType.FLOAT, new long[] {}, new long[] {1, 2}, "error: empty shape vector");
    // stateless
    k = 0;
    for (DType t : List.of(DType.HALF, DType.FLOAT, DType.DOUBLE)) {
      for (double[] q : PARAMS) {
        long[] seed = SEEDS[k++ % SEEDS.length];
        Tensor[] p = new Tensor[4];
        for (int i = 0; i < 4; i++) {
          p[i] = castTo(new double[] {q[i]}, Shape.scalar(), t);
        }
        sptn(out, p, t, new long[] {4, 3}, Tensor.ofLongs(Shape.of(2), seed), Arrays.toString(q));
      }
    }
    Tensor[] bc = {
      castTo(new double[] {0, 5, 1}, Shape.of(3, 1), DType.DOUBLE),
      castTo(new double[] {1, 2}, Shape.of(2), DType.DOUBLE),
      castTo(new double[] {-2}, Shape.of(1), DType.DOUBLE),
      castTo(new double[] {2}, Shape.scalar(), DType.DOUBLE)
    };
    sptn(
        out,
        bc,
        DType.DOUBLE,
        new long[] {5, 3, 2},
        Tensor.ofInts(Shape.of(2), 7, 11),
        "parameters [3,1], [2], [1], [] broadcast, int32 seed");
    Tensor[] inc = bc.clone();
    inc[1] = castTo(new double[] {1, 2, 3, 4}, Shape.of(4), DType.DOUBLE);
    sptn(
        out,
        inc,
        DType.DOUBLE,
        new long[] {3, 4},
        Tensor.ofLongs(Shape.of(2), 1, 2),
        "error: parameters that do not broadcast");
    sptn(
        out,
        bc,
        DType.DOUBLE,
        new long[] {3, 3},
        Tensor.ofLongs(Shape.of(2), 1, 2),
        "error: shape does not end with the parameters' shape");
  }

  private static void ptn(
      CaseList out, Tensor[] p, DType t, long[] dims, long[] seed, String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.constant(
        "shape",
        Tensor.ofInts(
            Shape.of(dims.length), java.util.Arrays.stream(dims).mapToInt(x -> (int) x).toArray()));
    String[] names = {"means", "stddevs", "minvals", "maxvals"};
    for (int i = 0; i < 4; i++) {
      g.constant(names[i], p[i]);
    }
    g.op("r", "ParameterizedTruncatedNormal", "shape", "means", "stddevs", "minvals", "maxvals")
        .attr("dtype", t)
        .attr("T", DType.INT32)
        .attr("seed", seed[0])
        .attr("seed2", seed[1]);
    out.add(
        "ParameterizedTruncatedNormal dtype="
            + t.tfName()
            + " shape "
            + Shape.of(dims)
            + " params "
            + p[0].shape()
            + p[1].shape()
            + p[2].shape()
            + p[3].shape()
            + " seed "
            + Arrays.toString(seed)
            + " "
            + what,
        g.build(),
        Map.of(),
        List.of("r"));
  }

  private static void sptn(
      CaseList out, Tensor[] p, DType t, long[] dims, Tensor seed, String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.constant("shape", shape(dims));
    g.constant("seed", seed);
    String[] names = {"means", "stddevs", "minvals", "maxvals"};
    for (int i = 0; i < 4; i++) {
      g.constant(names[i], p[i]);
    }
    g.op(
            "r",
            "StatelessParameterizedTruncatedNormal",
            "shape",
            "seed",
            "means",
            "stddevs",
            "minvals",
            "maxvals")
        .attr("dtype", t)
        .attr("S", DType.INT64)
        .attr("Tseed", seed.dtype());
    out.add(
        "StatelessParameterizedTruncatedNormal dtype="
            + t.tfName()
            + " shape "
            + Shape.of(dims)
            + " params "
            + p[0].shape()
            + p[1].shape()
            + p[2].shape()
            + p[3].shape()
            + " "
            + what,
        g.build(),
        Map.of(),
        List.of("r"));
  }

  private static void binomial(CaseList out, Random r) {
    double[] counts = {5, 20, 100, 1000, 0, 40, 7, 300};
    double[] probs = {0.3, 0.5, 0.02, 0.9, 0.5, 0.99, 0.001, 0.6};
    int k = 0;
    for (DType t : List.of(DType.HALF, DType.FLOAT, DType.DOUBLE)) {
      for (DType u : POISSON_TYPES) {
        long[] seed = SEEDS[k++ % SEEDS.length];
        binomial(
            out,
            castTo(counts, Shape.of(8), t),
            castTo(probs, Shape.of(8), t),
            u,
            new long[] {3, 8},
            Tensor.ofLongs(Shape.of(2), seed),
            "");
      }
    }
    double[] many = new double[10];
    for (int i = 0; i < many.length; i++) {
      many[i] = r.nextDouble();
    }
    binomial(
        out,
        castTo(new double[] {3, 50, 400}, Shape.of(3, 1), DType.FLOAT),
        castTo(many, Shape.of(10), DType.FLOAT),
        DType.FLOAT,
        new long[] {20, 3, 10},
        Tensor.ofInts(Shape.of(2), 7, 11),
        "counts [3,1] broadcast against probs [10], int32 seed");
    binomial(
        out,
        castTo(new double[] {10, 10}, Shape.of(2), DType.DOUBLE),
        castTo(new double[] {-0.5, 1.5, Double.NaN}, Shape.of(3), DType.DOUBLE),
        DType.DOUBLE,
        new long[] {2, 3},
        Tensor.ofLongs(Shape.of(2), 1, 2),
        "error: counts and probs do not broadcast");
    binomial(
        out,
        castTo(new double[] {10, 10, 10}, Shape.of(3), DType.DOUBLE),
        castTo(new double[] {-0.5, 1.5, Double.NaN}, Shape.of(3), DType.DOUBLE),
        DType.DOUBLE,
        new long[] {2, 3},
        Tensor.ofLongs(Shape.of(2), 1, 2),
        "probs below 0, above 1, NaN");
    binomial(
        out,
        castTo(new double[] {10, 10}, Shape.of(2), DType.DOUBLE),
        castTo(new double[] {0.5, 0.5}, Shape.of(2), DType.DOUBLE),
        DType.DOUBLE,
        new long[] {2, 3},
        Tensor.ofLongs(Shape.of(2), 1, 2),
        "error: shape does not end with the batch shape");
    binomial(
        out,
        castTo(new double[] {10, 10}, Shape.of(2), DType.DOUBLE),
        castTo(new double[] {0.5, 0.5}, Shape.of(2), DType.DOUBLE),
        DType.DOUBLE,
        new long[] {0, 2},
        Tensor.ofLongs(Shape.of(2), 1, 2),
        "empty shape");
  }

  private static void binomial(
      CaseList out,
      Tensor counts,
      Tensor probs,
      DType dtype,
      long[] dims,
      Tensor seed,
      String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.constant("shape", shape(dims));
    g.constant("seed", seed);
    g.constant("counts", counts);
    g.constant("probs", probs);
    g.op("r", "StatelessRandomBinomial", "shape", "seed", "counts", "probs")
        .attr("S", DType.INT64)
        .attr("Tseed", seed.dtype())
        .attr("T", counts.dtype())
        .attr("dtype", dtype);
    out.add(
        "StatelessRandomBinomial dtype="
            + dtype.tfName()
            + " counts "
            + counts.dtype().tfName()
            + counts.shape()
            + " probs "
            + probs.shape()
            + " shape "
            + Shape.of(dims)
            + " "
            + what,
        g.build(),
        Map.of(),
        List.of("r"));
  }

  private static Tensor castTo(double[] v, Shape s, DType t) {
    TensorBuffer b = TensorBuffer.allocate(t, s);
    for (int i = 0; i < v.length; i++) {
      Numbers.set(b, i, v[i]);
    }
    return b.freeze();
  }

  private static Tensor shape(long... dims) {
    return Tensor.ofLongs(Shape.of(dims.length), dims);
  }

  private static void v1(
      CaseList out,
      String op,
      String paramAttr,
      Tensor param,
      DType dtype,
      long[] dims,
      Tensor seed,
      String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.constant("shape", shape(dims));
    g.constant("seed", seed);
    g.constant("p", param);
    var b = g.op("r", op, "shape", "seed", "p").attr("dtype", dtype).attr("T", DType.INT64);
    b.attr("Tseed", seed.dtype());
    if (paramAttr != null) {
      b.attr(paramAttr, param.dtype());
    }
    out.add(
        op
            + " dtype="
            + dtype.tfName()
            + " param "
            + param.dtype().tfName()
            + param.shape()
            + " shape "
            + Shape.of(dims)
            + " seed "
            + seed.shape()
            + " "
            + what,
        g.build(),
        Map.of(),
        List.of("r"));
  }

  private static void gammaV2(CaseList out, Random r) {
    double[][] alphas = {{1.0}, {0.5, 1, 2.5, 7}, {0.1, 3, 1, 100}, {0.01, 0.999, 1.001, 1e4}};
    long[][] samples = {{}, {3}, {2, 5}, {300}};
    int k = 0;
    for (DType t : List.of(DType.HALF, DType.FLOAT, DType.DOUBLE)) {
      for (double[] a : alphas) {
        long[] s = samples[k % samples.length];
        long[] seed = SEEDS[k++ % SEEDS.length];
        Tensor alpha = castTo(a, Shape.of(a.length), t);
        long[] dims = Arrays.copyOf(s, s.length + 1);
        dims[s.length] = a.length;
        v1(
            out,
            "StatelessRandomGammaV2",
            null,
            alpha,
            t,
            dims,
            Tensor.ofLongs(Shape.of(2), seed),
            "alphas " + Arrays.toString(a));
      }
    }
    double[] many = new double[12];
    for (int i = 0; i < many.length; i++) {
      many[i] = 0.05 + 6 * r.nextDouble();
    }
    v1(
        out,
        "StatelessRandomGammaV2",
        null,
        castTo(many, Shape.of(3, 4), DType.FLOAT),
        DType.FLOAT,
        new long[] {50, 3, 4},
        Tensor.ofInts(Shape.of(2), 7, 11),
        "12 random alphas [3,4] by 50 samples, int32 seed (several TF shards)");
    Tensor a2 = castTo(new double[] {2, 0.5}, Shape.of(2), DType.FLOAT);
    v1(
        out,
        "StatelessRandomGammaV2",
        null,
        a2,
        DType.FLOAT,
        new long[] {0, 2},
        Tensor.ofLongs(Shape.of(2), 1, 2),
        "empty shape");
    v1(
        out,
        "StatelessRandomGammaV2",
        null,
        a2,
        DType.FLOAT,
        new long[] {3, 4},
        Tensor.ofLongs(Shape.of(2), 1, 2),
        "error: shape does not end with alpha's");
    v1(
        out,
        "StatelessRandomGammaV2",
        null,
        a2,
        DType.FLOAT,
        new long[] {2, 2},
        Tensor.ofLongs(Shape.of(3), 1, 2, 3),
        "error: seed of three");
    v1(
        out,
        "StatelessRandomGammaV2",
        null,
        castTo(new double[] {0, -1, Double.NaN}, Shape.of(3), DType.DOUBLE),
        DType.DOUBLE,
        new long[] {2, 3},
        Tensor.ofLongs(Shape.of(2), 1, 2),
        "alpha 0, negative, NaN");
  }

  private static void gammaV3(CaseList out) {
    int k = 0;
    for (DType t : List.of(DType.HALF, DType.FLOAT, DType.DOUBLE)) {
      for (long[] kc : new long[][] {{1, 2, 3}, {-5, 0, 1L << 50}}) {
        long[] dims = k++ % 2 == 0 ? new long[] {4, 3} : new long[] {200, 3};
        v3(out, t, kc, 1, dims, new double[] {0.7, 1, 4.5});
      }
    }
    v3(out, DType.FLOAT, new long[] {1, 2, 3}, 0, new long[] {2, 3}, new double[] {0.7, 1, 4.5});
    v3(out, DType.FLOAT, new long[] {1, 2, 3}, 2, new long[] {2, 3}, new double[] {0.7, 1, 4.5});
    v3(out, DType.FLOAT, new long[] {1, 2, 3}, 1, new long[] {2, 2}, new double[] {0.7, 1, 4.5});
  }

  private static void v3(CaseList out, DType t, long[] kc, int alg, long[] dims, double[] a) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.constant("shape", shape(dims));
    g.constant("key", Tensor.ofIntegers(DType.UINT64, Shape.of(1), kc[0]));
    g.constant("counter", Tensor.ofIntegers(DType.UINT64, Shape.of(2), kc[1], kc[2]));
    g.constant("alg", Tensor.ofInts(Shape.scalar(), alg));
    Tensor alpha = castTo(a, Shape.of(a.length), t);
    g.constant("p", alpha);
    g.op("r", "StatelessRandomGammaV3", "shape", "key", "counter", "alg", "p")
        .attr("dtype", t)
        .attr("shape_dtype", DType.INT64);
    out.add(
        "StatelessRandomGammaV3 dtype="
            + t.tfName()
            + " key/counter "
            + Arrays.toString(kc)
            + " alg "
            + alg
            + " shape "
            + Shape.of(dims)
            + " alphas "
            + Arrays.toString(a),
        g.build(),
        Map.of(),
        List.of("r"));
  }

  private static final List<DType> POISSON_TYPES =
      List.of(DType.HALF, DType.FLOAT, DType.DOUBLE, DType.INT32, DType.INT64);

  private static void poisson(CaseList out, Random r) {
    double[] rates = {0.5, 3, 9.9, 10, 25, 1000, 0, -2};
    double[] intRates = {0.5, 3, 9, 10, 25, 1000, 0, -2};
    int k = 0;
    for (DType rt : POISSON_TYPES) {
      for (DType t : POISSON_TYPES) {
        long[] seed = SEEDS[k++ % SEEDS.length];
        double[] rv = rt.isInteger() ? intRates : rates;
        v1(
            out,
            "StatelessRandomPoisson",
            "Rtype",
            castTo(rv, Shape.of(8), rt),
            t,
            new long[] {2, 3, 8},
            Tensor.ofLongs(Shape.of(2), seed),
            "rates " + Arrays.toString(rv));
      }
    }
    double[] many = new double[20];
    for (int i = 0; i < many.length; i++) {
      many[i] = 30 * r.nextDouble();
    }
    v1(
        out,
        "StatelessRandomPoisson",
        "Rtype",
        castTo(many, Shape.of(20), DType.FLOAT),
        DType.INT64,
        new long[] {40, 20},
        Tensor.ofInts(Shape.of(2), 7, 11),
        "20 random rates by 40 samples, int32 seed");
    v1(
        out,
        "StatelessRandomPoisson",
        "Rtype",
        castTo(new double[] {1, 2}, Shape.of(2), DType.FLOAT),
        DType.FLOAT,
        new long[] {2, 3},
        Tensor.ofLongs(Shape.of(2), 1, 2),
        "error: shape does not end with rate's");
  }
}
