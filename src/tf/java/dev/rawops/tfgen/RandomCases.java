package dev.rawops.tfgen;

import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.TensorProto;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The Random family: TF's seeded stateful ops (RandomUniform, RandomStandardNormal,
 * TruncatedNormal, RandomUniformInt) and the stateless ones (V1 with a seed, V2 with key, counter
 * and alg, and the GetKeyCounter/GetAlg ops) in every dtype TF's CPU registers, over shapes empty,
 * not a multiple of 4, and large enough to be split into several shards by TF, under several seed
 * pairs; their BUILD and RUN errors. Each fixture is one run of a fresh TF session, so a stateful
 * op gives its first-run values; the "second run" cases are the V2 op at the counter TF's generator
 * reaches after one run (key = seed, counter = [256 · elements, seed2]), which {@code
 * RandomSecondRunTest} (tf profile) checks against TF's own second run.
 *
 * <p>Uniform and integer fixtures are exact: they are bit conversions of Philox words. Normal and
 * truncated normal fixtures state a tolerance: TF's Box-Muller calls glibc's logf/sincosf (float)
 * and log/sincos (double), which rawops computes with Java's Math (the double functions rounded for
 * float); about 1.5 % of floats differ from TF's by 1-2 ulp and 0.2 % of doubles by 1 ulp, and an
 * ulp of float may become one of half or bfloat16 after rounding.
 */
public final class RandomCases implements CaseFamily {
  @Override
  public String directory() {
    return "random";
  }

  private static final List<String> BOX_MULLER =
      List.of(
          "RandomStandardNormal",
          "TruncatedNormal",
          "StatelessRandomNormal",
          "StatelessTruncatedNormal",
          "StatelessRandomNormalV2",
          "StatelessTruncatedNormalV2",
          "ParameterizedTruncatedNormal",
          "StatelessParameterizedTruncatedNormal");

  @Override
  public Optional<Tolerance> tolerance(Case c) {
    for (NodeDef n : c.graph().getNodeList()) {
      boolean statelessGamma = n.getOp().startsWith("StatelessRandomGamma");
      if ((n.getOp().equals("RandomGamma") || statelessGamma)
          && DType.fromProto(n.getAttrOrThrow(statelessGamma ? "dtype" : "T").getType())
              == DType.DOUBLE) {
        // log, log1p and pow in double: Java's and glibc's differ by an ulp for about 0.1 %.
        return Optional.of(tol(1e-14, 1e-300));
      }
      if (BOX_MULLER.contains(n.getOp())) {
        DType t = DType.fromProto(n.getAttrOrThrow("dtype").getType());
        return Optional.of(
            switch (t) {
              case HALF -> tol(2e-3, 1e-3);
              case BFLOAT16 -> tol(1.6e-2, 1e-2);
              case DOUBLE -> tol(1e-13, 1e-15);
              default -> tol(1e-6, 1e-7);
            });
      }
    }
    return Optional.empty();
  }

  private static Tolerance tol(double rtol, double atol) {
    return Tolerance.newBuilder().setRtol(rtol).setAtol(atol).build();
  }

  private static final List<DType> REALS =
      List.of(DType.HALF, DType.BFLOAT16, DType.FLOAT, DType.DOUBLE);

  private static final long[][] SHAPES = {
    {0}, {1}, {3}, {4}, {7}, {2, 5}, {3, 1, 5}, {2, 0, 3}, {1001}
  };

  private static final long[][] SEEDS = {{1, 2}, {87654321, 0}, {0, 5}, {-3, 1L << 40}};

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    stateful(out);
    statefulInts(out);
    statefulErrors(out);
    stateless(out);
    statelessInts(out);
    statelessErrors(out);
    keyCounter(out);
    v2(out);
    v2Errors(out);
    secondRuns(out);
    shuffles(out, new Random(26));
    multinomials(out, new Random(27));
    gammas(out, new Random(28));
    poissons(out, new Random(29));
    StatelessSamplerCases.add(out, new Random(30));
    return out.cases();
  }

  private static Tensor shapeTensor(DType t, long... dims) {
    return Tensor.ofIntegers(t, Shape.of(dims.length), dims);
  }

  private static String str(long[] dims) {
    return Shape.of(dims).toString();
  }

  // ---- stateful

  private static void statefulCase(
      CaseList out, String op, DType dtype, Input shape, long seed, long seed2, String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    shape.addTo(g, "shape", feeds);
    g.op("r", op, "shape")
        .attr("dtype", dtype)
        .attr("T", shape.value().dtype())
        .attr("seed", seed)
        .attr("seed2", seed2);
    out.add(op + " " + dtype.tfName() + " " + what, g.build(), feeds, List.of("r"));
  }

  private static void stateful(CaseList out) {
    int k = 0;
    for (String op : List.of("RandomUniform", "RandomStandardNormal", "TruncatedNormal")) {
      for (DType t : REALS) {
        for (long[] dims : SHAPES) {
          long[] seed = SEEDS[k++ % SEEDS.length];
          DType st = k % 2 == 0 ? DType.INT32 : DType.INT64;
          statefulCase(
              out,
              op,
              t,
              Input.constant(shapeTensor(st, dims), Encoding.TYPED),
              seed[0],
              seed[1],
              "shape " + str(dims) + " seeds " + seed[0] + "," + seed[1]);
        }
      }
      statefulCase(
          out,
          op,
          DType.FLOAT,
          Input.fed(shapeTensor(DType.INT32, 6, 700), PartialShape.of(2), Encoding.CONTENT, false),
          7,
          11,
          "shape [6,700] fed (several TF shards) seeds 7,11");
    }
  }

  private static void intCase(
      CaseList out, String op, DType t, long[] dims, Input lo, Input hi, long[] seed, String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    g.constant("shape", TypedProtos.encode(shapeTensor(DType.INT32, dims), Encoding.TYPED));
    lo.addTo(g, "lo", feeds);
    hi.addTo(g, "hi", feeds);
    g.op("r", op, "shape", "lo", "hi")
        .attr("Tout", t)
        .attr("T", DType.INT32)
        .attr("seed", seed[0])
        .attr("seed2", seed[1]);
    out.add(op + " " + t.tfName() + " " + what, g.build(), feeds, List.of("r"));
  }

  private static Input scalar(DType t, long v) {
    return Input.constant(Tensor.ofIntegers(t, Shape.scalar(), v), Encoding.TYPED);
  }

  private static final long[][] INT32_RANGES = {
    {0, 10}, {-5, 5}, {7, 8}, {Integer.MIN_VALUE, Integer.MAX_VALUE}, {-1000, 1 << 30}
  };
  private static final long[][] INT64_RANGES = {
    {0, 10}, {-5, 5}, {-(1L << 40), 1L << 40}, {Long.MIN_VALUE, Long.MAX_VALUE}, {3, 1L << 62}
  };

  private static void statefulInts(CaseList out) {
    int k = 0;
    for (DType t : List.of(DType.INT32, DType.INT64)) {
      long[][] ranges = t == DType.INT32 ? INT32_RANGES : INT64_RANGES;
      for (long[] range : ranges) {
        for (long[] dims : new long[][] {{7}, {2, 6}, {1001}}) {
          long[] seed = SEEDS[k++ % SEEDS.length];
          intCase(
              out,
              "RandomUniformInt",
              t,
              dims,
              scalar(t, range[0]),
              scalar(t, range[1]),
              seed,
              "[" + range[0] + ", " + range[1] + ") shape " + str(dims));
        }
      }
      intCase(
          out,
          "RandomUniformInt",
          t,
          new long[] {0},
          scalar(t, 5),
          scalar(t, 5),
          SEEDS[0],
          "empty output with minval == maxval (no error, as TF)");
      intCase(
          out,
          "RandomUniformInt",
          t,
          new long[] {3},
          scalar(t, 5),
          scalar(t, 5),
          SEEDS[0],
          "error: minval == maxval");
      intCase(
          out,
          "RandomUniformInt",
          t,
          new long[] {3},
          Input.fed(
              Tensor.ofIntegers(t, Shape.scalar(), 9), PartialShape.of(), Encoding.TYPED, false),
          scalar(t, 2),
          SEEDS[1],
          "error: minval > maxval (fed)");
      intCase(
          out,
          "RandomUniformInt",
          t,
          new long[] {3},
          Input.constant(Tensor.ofIntegers(t, Shape.of(1), 0), Encoding.TYPED),
          scalar(t, 2),
          SEEDS[1],
          "error: minval a vector (build)");
      intCase(
          out,
          "RandomUniformInt",
          t,
          new long[] {3},
          scalar(t, 0),
          Input.fedNoShape(Tensor.ofIntegers(t, Shape.of(1), 4), Encoding.TYPED, false),
          SEEDS[1],
          "error: maxval a vector (fed, run)");
    }
  }

  private static void statefulErrors(CaseList out) {
    statefulCase(
        out,
        "RandomUniform",
        DType.FLOAT,
        Input.constant(Tensor.ofIntegers(DType.INT32, Shape.of(1, 2), 2, 3), Encoding.TYPED),
        1,
        2,
        "error: shape a matrix (build)");
    statefulCase(
        out,
        "RandomUniform",
        DType.FLOAT,
        Input.fedNoShape(
            Tensor.ofIntegers(DType.INT32, Shape.of(1, 2), 2, 3), Encoding.TYPED, false),
        1,
        2,
        "error: shape a matrix (fed, run)");
    statefulCase(
        out,
        "RandomStandardNormal",
        DType.FLOAT,
        Input.fedNoShape(Tensor.ofIntegers(DType.INT32, Shape.scalar(), 3), Encoding.TYPED, false),
        1,
        2,
        "error: shape a scalar (fed, run)");
    statefulCase(
        out,
        "RandomUniform",
        DType.DOUBLE,
        Input.constant(shapeTensor(DType.INT64, 2, -2), Encoding.TYPED),
        1,
        2,
        "error: dim -2 (build)");
    statefulCase(
        out,
        "TruncatedNormal",
        DType.FLOAT,
        Input.constant(shapeTensor(DType.INT32, 3, -1), Encoding.TYPED),
        1,
        2,
        "error: dim -1 (unknown at build, error at run)");
    statefulCase(
        out,
        "RandomUniform",
        DType.HALF,
        Input.fed(shapeTensor(DType.INT32, 4, -3), PartialShape.of(2), Encoding.TYPED, false),
        1,
        2,
        "error: dim -3 (fed, run)");
  }

  // ---- stateless V1

  private static Input seedInput(DType t, long[] seed) {
    return Input.constant(Tensor.ofIntegers(t, Shape.of(2), seed), Encoding.TYPED);
  }

  private static void statelessCase(
      CaseList out, String op, DType dtype, Input shape, Input seed, String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    shape.addTo(g, "shape", feeds);
    seed.addTo(g, "seed", feeds);
    g.op("r", op, "shape", "seed")
        .attr("dtype", dtype)
        .attr("T", shape.value().dtype())
        .attr("Tseed", seed.value().dtype());
    out.add(op + " " + dtype.tfName() + " " + what, g.build(), feeds, List.of("r"));
  }

  private static void stateless(CaseList out) {
    int k = 0;
    for (String op :
        List.of("StatelessRandomUniform", "StatelessRandomNormal", "StatelessTruncatedNormal")) {
      for (DType t : REALS) {
        for (long[] dims : SHAPES) {
          long[] seed = SEEDS[k++ % SEEDS.length];
          DType st = k % 2 == 0 ? DType.INT32 : DType.INT64;
          statelessCase(
              out,
              op,
              t,
              Input.constant(shapeTensor(DType.INT32, dims), Encoding.TYPED),
              seedInput(st, seed),
              "shape " + str(dims) + " seed " + st.tfName() + " " + seed[0] + "," + seed[1]);
        }
      }
    }
    for (DType t : List.of(DType.INT32, DType.INT64, DType.UINT32, DType.UINT64)) {
      for (long[] dims : new long[][] {{0}, {5}, {2, 3}, {1001}}) {
        long[] seed = SEEDS[k++ % SEEDS.length];
        statelessCase(
            out,
            "StatelessRandomUniformFullInt",
            t,
            Input.constant(shapeTensor(DType.INT64, dims), Encoding.TYPED),
            seedInput(DType.INT64, seed),
            "shape " + str(dims) + " seed " + seed[0] + "," + seed[1]);
      }
    }
  }

  private static void statelessIntCase(
      CaseList out, DType t, long[] dims, Input lo, Input hi, Input seed, String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    g.constant("shape", TypedProtos.encode(shapeTensor(DType.INT32, dims), Encoding.TYPED));
    seed.addTo(g, "seed", feeds);
    lo.addTo(g, "lo", feeds);
    hi.addTo(g, "hi", feeds);
    g.op("r", "StatelessRandomUniformInt", "shape", "seed", "lo", "hi")
        .attr("dtype", t)
        .attr("T", DType.INT32)
        .attr("Tseed", seed.value().dtype());
    out.add("StatelessRandomUniformInt " + t.tfName() + " " + what, g.build(), feeds, List.of("r"));
  }

  private static void statelessInts(CaseList out) {
    int k = 0;
    for (DType t : List.of(DType.INT32, DType.INT64)) {
      long[][] ranges = t == DType.INT32 ? INT32_RANGES : INT64_RANGES;
      for (long[] range : ranges) {
        for (long[] dims : new long[][] {{5}, {1001}}) {
          long[] seed = SEEDS[k++ % SEEDS.length];
          statelessIntCase(
              out,
              t,
              dims,
              scalar(t, range[0]),
              scalar(t, range[1]),
              seedInput(DType.INT64, seed),
              "[" + range[0] + ", " + range[1] + ") shape " + str(dims));
        }
      }
      statelessIntCase(
          out,
          t,
          new long[] {4},
          scalar(t, 3),
          scalar(t, -3),
          seedInput(DType.INT32, SEEDS[0]),
          "error: minval > maxval");
      statelessIntCase(
          out,
          t,
          new long[] {0},
          scalar(t, 3),
          scalar(t, -3),
          seedInput(DType.INT32, SEEDS[0]),
          "empty output with minval > maxval (no error, as TF)");
      statelessIntCase(
          out,
          t,
          new long[] {4},
          Input.constant(Tensor.ofIntegers(t, Shape.of(2), 1, 2), Encoding.TYPED),
          scalar(t, 5),
          seedInput(DType.INT32, SEEDS[0]),
          "error: minval a vector (build)");
      statelessIntCase(
          out,
          t,
          new long[] {4},
          scalar(t, 1),
          Input.fedNoShape(Tensor.ofIntegers(t, Shape.of(2), 1, 2), Encoding.TYPED, false),
          seedInput(DType.INT32, SEEDS[0]),
          "error: maxval a vector (fed, run)");
    }
  }

  private static void statelessErrors(CaseList out) {
    Input shape = Input.constant(shapeTensor(DType.INT32, 3), Encoding.TYPED);
    statelessCase(
        out,
        "StatelessRandomUniform",
        DType.FLOAT,
        shape,
        Input.constant(Tensor.ofIntegers(DType.INT64, Shape.of(3), 1, 2, 3), Encoding.TYPED),
        "error: seed of 3 (build)");
    statelessCase(
        out,
        "StatelessRandomNormal",
        DType.FLOAT,
        shape,
        Input.fedNoShape(
            Tensor.ofIntegers(DType.INT64, Shape.of(1, 2), 1, 2), Encoding.TYPED, false),
        "error: seed a matrix (fed, run)");
    statelessCase(
        out,
        "StatelessRandomUniformFullInt",
        DType.UINT64,
        shape,
        Input.constant(Tensor.ofIntegers(DType.UINT32, Shape.of(2), 1, 2), Encoding.TYPED),
        "error: uint32 seed");
    statelessCase(
        out,
        "StatelessRandomUniform",
        DType.FLOAT,
        Input.constant(shapeTensor(DType.INT32, 2, -5), Encoding.TYPED),
        seedInput(DType.INT64, SEEDS[0]),
        "error: dim -5 (build)");
    statelessCase(
        out,
        "StatelessTruncatedNormal",
        DType.DOUBLE,
        Input.fed(shapeTensor(DType.INT32, 2, -1), PartialShape.of(2), Encoding.TYPED, false),
        seedInput(DType.INT64, SEEDS[0]),
        "error: dim -1 (fed, run)");
  }

  // ---- key, counter, alg

  private static void keyCounter(CaseList out) {
    for (DType st : List.of(DType.INT32, DType.INT64)) {
      for (long[] seed : SEEDS) {
        for (String op :
            List.of("StatelessRandomGetKeyCounterAlg", "StatelessRandomGetKeyCounter")) {
          GraphDefBuilder g = new GraphDefBuilder();
          Map<String, TensorProto> feeds = new LinkedHashMap<>();
          seedInput(st, seed).addTo(g, "seed", feeds);
          g.op("k", op, "seed").attr("Tseed", st);
          List<String> fetches =
              op.endsWith("Alg") ? List.of("k", "k:1", "k:2") : List.of("k", "k:1");
          out.add(
              op + " seed " + st.tfName() + " " + seed[0] + "," + seed[1],
              g.build(),
              feeds,
              fetches);
        }
      }
    }
    GraphDefBuilder g = new GraphDefBuilder();
    g.op("a", "StatelessRandomGetAlg");
    out.add("StatelessRandomGetAlg", g.build(), Map.of(), List.of("a"));
    GraphDefBuilder bad = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fedNoShape(Tensor.ofIntegers(DType.INT64, Shape.of(3), 1, 2, 3), Encoding.TYPED, false)
        .addTo(bad, "seed", feeds);
    bad.op("k", "StatelessRandomGetKeyCounterAlg", "seed").attr("Tseed", DType.INT64);
    out.add(
        "StatelessRandomGetKeyCounterAlg error: seed of 3 (fed, run)",
        bad.build(),
        feeds,
        List.of("k"));
  }

  // ---- V2

  /** A V2 op on explicit key, counter and alg (all Const unless fed ones are given). */
  private static GraphDef v2Graph(
      String op,
      DType dtype,
      long[] dims,
      Input key,
      Input counter,
      Input alg,
      long[] bounds,
      Map<String, TensorProto> feeds) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.constant("shape", TypedProtos.encode(shapeTensor(DType.INT64, dims), Encoding.TYPED));
    key.addTo(g, "key", feeds);
    counter.addTo(g, "counter", feeds);
    alg.addTo(g, "alg", feeds);
    if (bounds != null) {
      g.constant(
          "lo",
          TypedProtos.encode(Tensor.ofIntegers(dtype, Shape.scalar(), bounds[0]), Encoding.TYPED));
      g.constant(
          "hi",
          TypedProtos.encode(Tensor.ofIntegers(dtype, Shape.scalar(), bounds[1]), Encoding.TYPED));
      g.op("r", op, "shape", "key", "counter", "alg", "lo", "hi");
    } else {
      g.op("r", op, "shape", "key", "counter", "alg");
    }
    g.attr("dtype", dtype).attr("Tshape", DType.INT64);
    return g.build();
  }

  private static Input u64(long... v) {
    return Input.constant(Tensor.ofIntegers(DType.UINT64, Shape.of(v.length), v), Encoding.TYPED);
  }

  private static Input alg(long a) {
    return scalar(DType.INT32, a);
  }

  private static void v2Case(
      CaseList out,
      String op,
      DType t,
      long[] dims,
      Input key,
      Input counter,
      Input alg,
      long[] bounds,
      String what) {
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    GraphDef g = v2Graph(op, t, dims, key, counter, alg, bounds, feeds);
    out.add(op + " " + t.tfName() + " " + what, g, feeds, List.of("r"));
  }

  private static void v2(CaseList out) {
    long[][] keys = {{7, 0, 0}, {0x123456789abcdefL, 5, 1L << 50}, {-1L, -1L, -1L}};
    int k = 0;
    for (String op :
        List.of(
            "StatelessRandomUniformV2", "StatelessRandomNormalV2", "StatelessTruncatedNormalV2")) {
      for (DType t : REALS) {
        for (long[] dims : new long[][] {{0}, {5}, {2, 4}, {1001}}) {
          long[] kc = keys[k++ % keys.length];
          v2Case(
              out,
              op,
              t,
              dims,
              u64(kc[0]),
              u64(kc[1], kc[2]),
              alg(k % 2 == 0 ? 1 : 3),
              null,
              "shape " + str(dims) + " key " + kc[0] + " counter " + kc[1] + "," + kc[2]);
        }
      }
    }
    for (DType t : List.of(DType.INT32, DType.INT64, DType.UINT32, DType.UINT64)) {
      for (long[] dims : new long[][] {{5}, {1001}}) {
        long[] kc = keys[k++ % keys.length];
        v2Case(
            out,
            "StatelessRandomUniformFullIntV2",
            t,
            dims,
            u64(kc[0]),
            u64(kc[1], kc[2]),
            alg(1),
            null,
            "shape " + str(dims) + " key " + kc[0]);
      }
    }
    for (DType t : List.of(DType.INT32, DType.INT64)) {
      long[][] ranges = t == DType.INT32 ? INT32_RANGES : INT64_RANGES;
      for (long[] range : ranges) {
        long[] kc = keys[k++ % keys.length];
        v2Case(
            out,
            "StatelessRandomUniformIntV2",
            t,
            new long[] {9},
            u64(kc[0]),
            u64(kc[1], kc[2]),
            alg(1),
            range,
            "[" + range[0] + ", " + range[1] + ")");
      }
    }
    // tf.random.stateless_uniform's own graph: GetKeyCounterAlg feeding the V2 op.
    GraphDefBuilder g = new GraphDefBuilder();
    g.constant(
        "seed",
        TypedProtos.encode(Tensor.ofIntegers(DType.INT64, Shape.of(2), 3, 4), Encoding.TYPED));
    g.constant("shape", TypedProtos.encode(shapeTensor(DType.INT32, 3, 3), Encoding.TYPED));
    g.op("kca", "StatelessRandomGetKeyCounterAlg", "seed").attr("Tseed", DType.INT64);
    g.op("r", "StatelessRandomUniformV2", "shape", "kca", "kca:1", "kca:2")
        .attr("dtype", DType.FLOAT)
        .attr("Tshape", DType.INT32);
    g.op("v1", "StatelessRandomUniform", "shape", "seed")
        .attr("dtype", DType.FLOAT)
        .attr("T", DType.INT32)
        .attr("Tseed", DType.INT64);
    out.add(
        "StatelessRandomUniformV2 on StatelessRandomGetKeyCounterAlg equals StatelessRandomUniform",
        g.build(),
        Map.of(),
        List.of("r", "v1"));
  }

  private static void v2Errors(CaseList out) {
    long[] dims = {4};
    v2Case(
        out,
        "StatelessRandomUniformV2",
        DType.FLOAT,
        dims,
        u64(1),
        u64(2, 3),
        alg(2),
        null,
        "error: alg 2 (ThreeFry) unsupported on CPU");
    v2Case(
        out,
        "StatelessRandomNormalV2",
        DType.FLOAT,
        dims,
        u64(1),
        u64(2, 3),
        alg(0),
        null,
        "error: alg 0");
    v2Case(
        out,
        "StatelessRandomUniformIntV2",
        DType.INT32,
        dims,
        u64(1),
        u64(2, 3),
        alg(7),
        new long[] {0, 5},
        "error: alg 7");
    v2Case(
        out,
        "StatelessRandomUniformIntV2",
        DType.INT64,
        dims,
        u64(1),
        u64(2, 3),
        alg(1),
        new long[] {5, 5},
        "error: minval == maxval");
    v2Case(
        out,
        "StatelessRandomUniformV2",
        DType.FLOAT,
        dims,
        u64(1, 2),
        u64(2, 3),
        alg(1),
        null,
        "error: key of 2 (build)");
    v2Case(
        out,
        "StatelessRandomUniformV2",
        DType.FLOAT,
        dims,
        Input.fedNoShape(Tensor.ofIntegers(DType.UINT64, Shape.of(2), 1, 2), Encoding.TYPED, false),
        u64(2, 3),
        alg(1),
        null,
        "error: key of 2 (fed, run)");
    // A counter of 1 with Philox passes TF 2.18's check and reads past the counter's end (its
    // values vary from run to run), so no fixture: rawops reports it as too short.
    v2Case(
        out,
        "StatelessRandomUniformV2",
        DType.FLOAT,
        dims,
        u64(1),
        u64(2, 3, 4),
        alg(1),
        null,
        "counter of 3 (longer is allowed)");
    v2Case(
        out,
        "StatelessRandomUniformV2",
        DType.FLOAT,
        dims,
        u64(1),
        u64(2, 3),
        Input.fedNoShape(Tensor.ofIntegers(DType.INT32, Shape.of(1), 1), Encoding.TYPED, false),
        null,
        "error: alg a vector (fed, run)");
    v2Case(
        out,
        "StatelessRandomUniformV2",
        DType.FLOAT,
        dims,
        u64(1),
        u64(2, 3),
        Input.constant(Tensor.ofIntegers(DType.INT32, Shape.of(1), 1), Encoding.TYPED),
        null,
        "error: alg a vector (build)");
  }

  // ---- second runs

  /**
   * What a stateful op's second run in one TF session gives: its generator was PhiloxRandom(seed,
   * seed2) (key = seed, counter = [0, seed2]) and the first run skipped 256 calls per element, so
   * the second run fills from counter [256 · n, seed2], which the V2 op takes directly. The same
   * for the third run at 512 · n.
   */
  private static void secondRuns(CaseList out) {
    Object[][] runs = {
      {"RandomUniform", "StatelessRandomUniformV2", DType.FLOAT, new long[] {10}, 1L, 2L, 1},
      {"RandomUniform", "StatelessRandomUniformV2", DType.FLOAT, new long[] {10}, 1L, 2L, 2},
      {
        "RandomUniform",
        "StatelessRandomUniformV2",
        DType.DOUBLE,
        new long[] {3, 3},
        87654321L,
        0L,
        1
      },
      {
        "RandomStandardNormal",
        "StatelessRandomNormalV2",
        DType.FLOAT,
        new long[] {7},
        -3L,
        1L << 40,
        1
      },
      {"TruncatedNormal", "StatelessTruncatedNormalV2", DType.FLOAT, new long[] {9}, 0L, 5L, 1},
      {"TruncatedNormal", "StatelessTruncatedNormalV2", DType.HALF, new long[] {6}, 1L, 2L, 1},
    };
    for (Object[] run : runs) {
      long[] dims = (long[]) run[3];
      long n = Shape.of(dims).numElements();
      long seed = (long) run[4];
      long seed2 = (long) run[5];
      int runIndex = (int) run[6];
      v2Case(
          out,
          (String) run[1],
          (DType) run[2],
          dims,
          u64(seed),
          u64(256 * n * runIndex, seed2),
          alg(1),
          null,
          "= "
              + run[0]
              + " seeds "
              + seed
              + ","
              + seed2
              + " run "
              + (runIndex + 1)
              + " in one session");
    }
    for (DType t : List.of(DType.INT32, DType.INT64)) {
      long[] range = {-5, 5};
      v2Case(
          out,
          "StatelessRandomUniformIntV2",
          t,
          new long[] {6},
          u64(1),
          u64(256 * 6, 2),
          alg(1),
          range,
          "= RandomUniformInt [-5, 5) seeds 1,2 run 2 in one session");
    }
  }

  // ---- shuffles

  private static Tensor values(Random r, DType t, long... dims) {
    Shape shape = Shape.of(dims);
    int n = Math.toIntExact(shape.numElements());
    if (t == DType.STRING) {
      byte[][] s = new byte[n][];
      for (int i = 0; i < n; i++) {
        s[i] = ("s" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      }
      return Tensor.ofByteStrings(shape, s);
    }
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = t == DType.BOOL ? r.nextInt(2) : i + 1;
    }
    if (t.isInteger() || t == DType.BOOL) {
      return Tensor.ofIntegers(t, shape, v);
    }
    return RandomTensors.of(r, t, shape, true);
  }

  private static void shuffleCase(CaseList out, Tensor x, long seed, long seed2, String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.constant("x", TypedProtos.encode(x, Encoding.CONTENT));
    g.op("r", "RandomShuffle", "x").attr("T", x.dtype()).attr("seed", seed).attr("seed2", seed2);
    out.add(
        "RandomShuffle " + x.dtype().tfName() + x.shape() + " " + what,
        g.build(),
        Map.of(),
        List.of("r"));
  }

  private static void statelessShuffleCase(
      CaseList out, Tensor x, Input key, Input counter, Input alg, String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    g.constant("x", TypedProtos.encode(x, Encoding.CONTENT));
    key.addTo(g, "key", feeds);
    counter.addTo(g, "counter", feeds);
    alg.addTo(g, "alg", feeds);
    g.op("r", "StatelessShuffle", "x", "key", "counter", "alg").attr("T", x.dtype());
    out.add(
        "StatelessShuffle " + x.dtype().tfName() + x.shape() + " " + what,
        g.build(),
        feeds,
        List.of("r"));
  }

  /**
   * RandomShuffle's second run in one session is StatelessShuffle at counter [⌈(n − 1) / 4⌉, seed2]
   * (ReserveSamples32 of n − 1 words).
   */
  private static void shuffles(CaseList out, Random r) {
    long[][] shapes = {{0}, {1}, {2}, {5}, {100}, {1, 5}, {4, 0}, {6, 3}, {3, 2, 2}, {}};
    int k = 0;
    for (long[] dims : shapes) {
      long[] seed = SEEDS[k++ % SEEDS.length];
      shuffleCase(
          out, values(r, DType.FLOAT, dims), seed[0], seed[1], "seeds " + seed[0] + "," + seed[1]);
    }
    for (DType t :
        List.of(
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
            DType.DOUBLE,
            DType.COMPLEX64,
            DType.COMPLEX128,
            DType.STRING)) {
      long[] seed = SEEDS[k++ % SEEDS.length];
      shuffleCase(out, values(r, t, 7), seed[0], seed[1], "seeds " + seed[0] + "," + seed[1]);
      shuffleCase(out, values(r, t, 5, 2), seed[0], seed[1], "seeds " + seed[0] + "," + seed[1]);
    }
    long[][] keys = {{7, 0, 0}, {0x123456789abcdefL, 5, 1L << 50}, {-1L, -1L, -1L}};
    for (long[] dims : new long[][] {{9}, {33, 2}, {1}, {0, 4}}) {
      for (long[] kc : keys) {
        statelessShuffleCase(
            out,
            values(r, DType.INT32, dims),
            u64(kc[0]),
            u64(kc[1], kc[2]),
            alg(1),
            "key " + kc[0] + " counter " + kc[1] + "," + kc[2]);
      }
    }
    statelessShuffleCase(
        out, values(r, DType.STRING, 6), u64(3), u64(1, 2), alg(3), "alg 3 (auto)");
    statelessShuffleCase(
        out, values(r, DType.FLOAT, 6), u64(3), u64(1, 2), alg(2), "error: alg 2 unsupported");
    statelessShuffleCase(
        out, values(r, DType.FLOAT, 6), u64(3, 4), u64(1, 2), alg(1), "error: key of 2 (build)");
    statelessShuffleCase(
        out,
        values(r, DType.FLOAT, 6),
        Input.fedNoShape(Tensor.ofIntegers(DType.UINT64, Shape.of(2), 1, 2), Encoding.TYPED, false),
        u64(1, 2),
        alg(1),
        "error: key of 2 (fed, run)");
    // Second run of RandomShuffle x[10] seeds 1,2: 9 words reserved, so 3 calls.
    statelessShuffleCase(
        out,
        values(r, DType.INT64, 10),
        u64(1),
        u64(3, 2),
        alg(1),
        "= RandomShuffle int64[10] seeds 1,2 run 2 in one session");
  }

  // ---- multinomial

  private static void multinomialCase(
      CaseList out,
      String op,
      Tensor logits,
      Input samples,
      long[] seed,
      DType outType,
      String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    g.constant("logits", TypedProtos.encode(logits, Encoding.CONTENT));
    samples.addTo(g, "n", feeds);
    if (op.equals("Multinomial")) {
      g.op("r", op, "logits", "n").attr("seed", seed[0]).attr("seed2", seed[1]);
    } else {
      g.constant(
          "seed",
          TypedProtos.encode(Tensor.ofIntegers(DType.INT64, Shape.of(2), seed), Encoding.TYPED));
      g.op("r", op, "logits", "n", "seed").attr("Tseed", DType.INT64);
    }
    g.attr("T", logits.dtype()).attr("output_dtype", outType);
    out.add(
        op
            + " "
            + logits.dtype().tfName()
            + logits.shape()
            + " -> "
            + outType.tfName()
            + " "
            + what,
        g.build(),
        feeds,
        List.of("r"));
  }

  /**
   * Small enough (batch · 50 · (samples · log2(classes) + classes) < 10,000) that TF samples all
   * rows in one range, the only case whose values do not depend on TF's thread count.
   */
  private static void multinomials(CaseList out, Random r) {
    int k = 0;
    int[][] sizes = {{1, 3, 5}, {3, 5, 10}, {2, 10, 20}, {1, 3, 100}, {4, 2, 7}, {2, 4, 0}};
    for (String op : List.of("Multinomial", "StatelessMultinomial")) {
      for (DType t : REALS) {
        for (int[] size : sizes) {
          long[] seed = SEEDS[k++ % SEEDS.length];
          double[] d = new double[size[0] * size[1]];
          for (int i = 0; i < d.length; i++) {
            d[i] = r.nextGaussian() * 2;
          }
          Tensor logits = castTo(Tensor.ofDoubles(Shape.of(size[0], size[1]), d), t);
          multinomialCase(
              out,
              op,
              logits,
              scalar(DType.INT32, size[2]),
              seed,
              k % 2 == 0 ? DType.INT64 : DType.INT32,
              size[2] + " samples seeds " + seed[0] + "," + seed[1]);
        }
      }
      Tensor special =
          castTo(
              Tensor.ofDoubles(
                  Shape.of(3, 4),
                  Double.NEGATIVE_INFINITY,
                  0,
                  1,
                  Double.NaN,
                  Double.NEGATIVE_INFINITY,
                  Double.NEGATIVE_INFINITY,
                  Double.NEGATIVE_INFINITY,
                  Double.NEGATIVE_INFINITY,
                  1000,
                  -1000,
                  0,
                  Double.POSITIVE_INFINITY),
              DType.FLOAT);
      multinomialCase(
          out,
          op,
          special,
          scalar(DType.INT32, 6),
          SEEDS[0],
          DType.INT64,
          "-inf, NaN, +inf logits and a row of -inf");
      Tensor two = castTo(Tensor.ofDoubles(Shape.of(2, 2), 0, 1, 2, 3), DType.FLOAT);
      multinomialCase(
          out,
          op,
          two,
          scalar(DType.INT32, -1),
          SEEDS[0],
          DType.INT64,
          "error: num_samples -1 (build)");
      multinomialCase(
          out,
          op,
          two,
          Input.fed(
              Tensor.ofIntegers(DType.INT32, Shape.scalar(), -2),
              PartialShape.of(),
              Encoding.TYPED,
              false),
          SEEDS[0],
          DType.INT64,
          "error: num_samples -2 (fed, run)");
      multinomialCase(
          out,
          op,
          castTo(Tensor.ofDoubles(Shape.of(2, 0)), DType.FLOAT),
          scalar(DType.INT32, 3),
          SEEDS[0],
          DType.INT64,
          "error: no classes");
    }
    multinomialCase(
        out,
        "Multinomial",
        castTo(Tensor.ofDoubles(Shape.of(4), 0, 1, 2, 3), DType.FLOAT),
        scalar(DType.INT32, 3),
        SEEDS[0],
        DType.INT64,
        "error: logits a vector (build)");
  }

  // ---- gamma and Poisson: per-element generators skipped 256 calls apart, double arithmetic

  private static void sampledCase(
      CaseList out,
      String op,
      Input shape,
      Tensor param,
      Map<String, DType> types,
      long[] seed,
      String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    shape.addTo(g, "shape", feeds);
    g.constant("p", TypedProtos.encode(param, Encoding.CONTENT));
    var b = g.op("r", op, "shape", "p").attr("S", shape.value().dtype());
    types.forEach(b::attr);
    b.attr("seed", seed[0]).attr("seed2", seed[1]);
    StringBuilder name = new StringBuilder(op);
    types.forEach((k, v) -> name.append(' ').append(k).append('=').append(v.tfName()));
    out.add(name + " " + what, g.build(), feeds, List.of("r"));
  }

  private static Input shapeInput(long... dims) {
    return Input.constant(shapeTensor(DType.INT32, dims), Encoding.TYPED);
  }

  private static final long[][] SAMPLE_SHAPES = {{}, {3}, {2, 5}, {700}};

  private static void gammas(CaseList out, Random r) {
    double[][] alphas = {
      {1.0}, {0.5, 1, 2.5, 7}, {0.1, 3, 1, 100}, {0.01, 0.999, 1.001, 1e4}, {0, -1, 0.3, 2}
    };
    int k = 0;
    for (DType t : List.of(DType.HALF, DType.FLOAT, DType.DOUBLE)) {
      for (double[] a : alphas) {
        for (long[] dims : SAMPLE_SHAPES) {
          long[] seed = SEEDS[k++ % SEEDS.length];
          Tensor alpha =
              castTo(
                  Tensor.ofDoubles(
                      a.length == 4 && k % 2 == 0 ? Shape.of(2, 2) : Shape.of(a.length), a),
                  t);
          sampledCase(
              out,
              "RandomGamma",
              shapeInput(dims),
              alpha,
              Map.of("T", t),
              seed,
              "alpha "
                  + alpha.shape()
                  + " "
                  + java.util.Arrays.toString(a)
                  + " shape "
                  + str(dims));
        }
      }
    }
    double[] many = new double[40];
    for (int i = 0; i < many.length; i++) {
      many[i] = 0.05 + 6 * r.nextDouble();
    }
    sampledCase(
        out,
        "RandomGamma",
        shapeInput(30),
        castTo(Tensor.ofDoubles(Shape.of(5, 8), many), DType.FLOAT),
        Map.of("T", DType.FLOAT),
        new long[] {7, 11},
        "40 random alphas by 30 samples (several TF shards)");
    sampledCase(
        out,
        "RandomGamma",
        shapeInput(0, 3),
        castTo(Tensor.ofDoubles(Shape.of(2), 1, 2), DType.FLOAT),
        Map.of("T", DType.FLOAT),
        SEEDS[0],
        "empty samples shape");
    sampledCase(
        out,
        "RandomGamma",
        shapeInput(3),
        castTo(Tensor.ofDoubles(Shape.of(0)), DType.FLOAT),
        Map.of("T", DType.FLOAT),
        SEEDS[0],
        "empty alpha");
    sampledCase(
        out,
        "RandomGamma",
        Input.fed(shapeTensor(DType.INT32, 2, -2), PartialShape.of(2), Encoding.TYPED, false),
        castTo(Tensor.ofDoubles(Shape.of(1), 2), DType.FLOAT),
        Map.of("T", DType.FLOAT),
        SEEDS[0],
        "error: negative dim (fed, run)");
    sampledCase(
        out,
        "RandomGamma",
        Input.constant(shapeTensor(DType.INT32, 2, -2), Encoding.TYPED),
        castTo(Tensor.ofDoubles(Shape.of(1), 2), DType.FLOAT),
        Map.of("T", DType.FLOAT),
        SEEDS[0],
        "error: negative dim (build)");
  }

  private static final List<DType> POISSON_TYPES =
      List.of(DType.HALF, DType.FLOAT, DType.DOUBLE, DType.INT32, DType.INT64);

  private static void poissons(CaseList out, Random r) {
    double[] rates = {0.5, 3, 9.9, 10, 25, 1000, 0, -2};
    int k = 0;
    // TF 2.18 refuses RandomPoisson in graphs of producer 25 and later (the generator's).
    for (DType t : List.of(DType.HALF, DType.FLOAT, DType.DOUBLE)) {
      sampledCase(
          out,
          "RandomPoisson",
          shapeInput(3),
          castTo(Tensor.ofDoubles(Shape.of(2, 4), rates), t),
          Map.of("dtype", t),
          SEEDS[0],
          "error: deprecated op (build)");
    }
    double[] intRates = {0.5, 3, 9, 10, 25, 1000, 0, -2};
    for (DType rt : POISSON_TYPES) {
      for (DType t : POISSON_TYPES) {
        long[] seed = SEEDS[k++ % SEEDS.length];
        double[] rv = rt.isInteger() ? intRates : rates;
        Map<String, DType> types = new LinkedHashMap<>();
        types.put("R", rt);
        types.put("dtype", t);
        sampledCase(
            out,
            "RandomPoissonV2",
            shapeInput(2, 3),
            castTo(Tensor.ofDoubles(Shape.of(8), rv), rt),
            types,
            seed,
            "rates " + java.util.Arrays.toString(rv) + " shape [2,3]");
      }
    }
    double[] many = new double[40];
    for (int i = 0; i < many.length; i++) {
      many[i] = 30 * r.nextDouble();
    }
    Map<String, DType> types = new LinkedHashMap<>();
    types.put("R", DType.FLOAT);
    types.put("dtype", DType.INT64);
    sampledCase(
        out,
        "RandomPoissonV2",
        shapeInput(30),
        castTo(Tensor.ofDoubles(Shape.of(40), many), DType.FLOAT),
        types,
        new long[] {7, 11},
        "40 random rates by 30 samples (several TF shards)");
    sampledCase(
        out,
        "RandomPoissonV2",
        Input.fed(shapeTensor(DType.INT32, -1), PartialShape.of(1), Encoding.TYPED, false),
        castTo(Tensor.ofDoubles(Shape.of(1), 2), DType.FLOAT),
        types,
        SEEDS[0],
        "error: negative dim (fed, run)");
  }

  private static Tensor castTo(Tensor doubles, DType t) {
    int n = Math.toIntExact(doubles.numElements());
    TensorBuffer b = TensorBuffer.allocate(t, doubles.shape());
    for (int i = 0; i < n; i++) {
      Numbers.set(b, i, doubles.getDouble(i));
    }
    return b.freeze();
  }
}
