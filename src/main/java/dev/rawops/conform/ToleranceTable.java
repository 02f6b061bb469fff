package dev.rawops.conform;

import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.tensor.DType;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The default tolerance of a float output by the ops that computed it and its dtype, for fixtures
 * that state none (docs/FIXTURES.md, "The default tolerance table"). Every op is in one {@link
 * Kind}; an output gets the loosest tolerance of the kinds of the ops it depends on, for its own
 * dtype. Integer, bool and string outputs are always exact, and so is every output that only ops of
 * kind {@link Kind#EXACT} computed.
 *
 * <p>How the values were chosen: half and bfloat16 use TensorFlow's kernel-test tolerances
 * (assertAllClose's 1e-3 and 1e-2), float32 elementwise functions and samplers its default 1e-6,
 * float32 ops that reorder sums 1e-5 (what TF's generator states for the nn and linalg fixtures),
 * float64 1e-12. Then measured ({@code ToleranceTableTest}): every committed fixture under
 * graphs/conformance that states its own tolerance passes with the table's instead, the worst at
 * 0.28 of what the table allows (docs/FIXTURES.md gives each row's).
 */
public final class ToleranceTable {
  private ToleranceTable() {}

  /** What an op does to floating-point results, as far as reproducing them goes. */
  public enum Kind {
    EXACT(
        "exact",
        "IEEE operations rounded once (add, multiply, divide, sqrt, compare), data movement,"
            + " selection, integer and string ops: one right answer, compared bit for bit"),
    ELEMENTWISE(
        "elementwise function",
        "one elementwise function TensorFlow computes with a polynomial or rational approximation"
            + " (Eigen's or Cephes'): exp, log, tanh, sigmoid, erf, the Bessel and gamma functions"),
    SAMPLER(
        "random sampler",
        "a seeded random sampler whose transform (Box-Muller, inverse CDF, rejection) uses such"
            + " elementwise functions: the same draws, the transform's rounding"),
    REORDERS_SUMS(
        "reorders sums",
        "sums, products and dot products whose order of operations a kernel chooses (MatMul,"
            + " convolutions, reductions, Softmax, pooling averages, FFTs, decompositions)");

    private final String label;
    private final String why;

    Kind(String label, String why) {
      this.label = label;
      this.why = why;
    }

    public String label() {
      return label;
    }

    public String why() {
      return why;
    }
  }

  private static final Set<String> ELEMENTWISE =
      Set.of(
          "Acos",
          "Acosh",
          "Angle",
          "Asin",
          "Asinh",
          "Atan",
          "Atan2",
          "Atanh",
          "BesselI0",
          "BesselI0e",
          "BesselI1",
          "BesselI1e",
          "BesselJ0",
          "BesselJ1",
          "BesselK0",
          "BesselK0e",
          "BesselK1",
          "BesselK1e",
          "BesselY0",
          "BesselY1",
          "Betainc",
          "ComplexAbs",
          "Cos",
          "Cosh",
          "Dawsn",
          "Digamma",
          "Elu",
          "Erf",
          "Erfc",
          "Erfinv",
          "Exp",
          "Expint",
          "Expm1",
          "FresnelCos",
          "FresnelSin",
          "Igamma",
          "Igammac",
          "Lgamma",
          "Log",
          "Log1p",
          "Ndtri",
          "Polygamma",
          "Pow",
          "Rsqrt",
          "Selu",
          "Sigmoid",
          "Sin",
          "Sinh",
          "Softplus",
          "Softsign",
          "Spence",
          "Tan",
          "Tanh",
          "Xdivy",
          "Xlog1py",
          "Xlogy",
          "Zeta",
          "AdjustHue",
          "AdjustSaturation",
          "HSVToRGB",
          "RGBToHSV",
          "GRUBlockCell",
          "LSTMBlockCell");

  private static final Set<String> SAMPLER =
      Set.of(
          "ParameterizedTruncatedNormal",
          "RandomGamma",
          "RandomPoisson",
          "RandomPoissonV2",
          "RandomStandardNormal",
          "StatelessParameterizedTruncatedNormal",
          "StatelessRandomBinomial",
          "StatelessRandomGammaV2",
          "StatelessRandomGammaV3",
          "StatelessRandomNormal",
          "StatelessRandomNormalV2",
          "StatelessRandomPoisson",
          "StatelessTruncatedNormal",
          "StatelessTruncatedNormalV2",
          "TruncatedNormal",
          "Multinomial",
          "StatelessMultinomial");

  private static final Set<String> REORDERS_SUMS =
      Set.of(
          "MatMul",
          "BatchMatMul",
          "BatchMatMulV2",
          "BatchMatMulV3",
          "Einsum",
          "SparseTensorDenseMatMul",
          "Conv2D",
          "Conv2DBackpropInput",
          "Conv3D",
          "Conv3DBackpropInputV2",
          "DepthwiseConv2dNative",
          "DepthwiseConv2dNativeBackpropInput",
          "AvgPool",
          "AvgPool3D",
          "LRN",
          "FusedBatchNorm",
          "FusedBatchNormV2",
          "FusedBatchNormV3",
          "BlockLSTM",
          "BlockLSTMV2",
          "SoftmaxCrossEntropyWithLogits",
          "SparseSoftmaxCrossEntropyWithLogits",
          "Sum",
          "Mean",
          "Prod",
          "EuclideanNorm",
          "L2Loss",
          "Softmax",
          "LogSoftmax",
          "SparseSoftmax",
          "SparseReduceSum",
          "SparseReduceSumSparse",
          "Bincount",
          "DenseBincount",
          "SparseBincount",
          "RaggedBincount",
          "DenseCountSparseOutput",
          "SparseCountSparseOutput",
          "RaggedCountSparseOutput",
          "Cumsum",
          "Cumprod",
          "AddN",
          "SegmentSum",
          "SegmentMean",
          "SegmentProd",
          "UnsortedSegmentSum",
          "UnsortedSegmentProd",
          "SparseSegmentSum",
          "SparseSegmentSumWithNumSegments",
          "SparseSegmentMean",
          "SparseSegmentMeanWithNumSegments",
          "SparseSegmentSqrtN",
          "SparseSegmentSqrtNWithNumSegments",
          "FFT",
          "FFT2D",
          "FFT3D",
          "IFFT",
          "IFFT2D",
          "IFFT3D",
          "RFFT",
          "RFFT2D",
          "RFFT3D",
          "IRFFT",
          "IRFFT2D",
          "IRFFT3D",
          "AudioSpectrogram",
          "Mfcc",
          "ResizeArea",
          "ResizeBicubic",
          "ResizeBilinear",
          "CropAndResize",
          "AdjustContrastv2",
          "Cholesky",
          "LogMatrixDeterminant",
          "Lu",
          "MatrixDeterminant",
          "MatrixInverse",
          "MatrixSolve",
          "MatrixSolveLs",
          "MatrixTriangularSolve",
          "Qr",
          "SelfAdjointEigV2",
          "Svd");

  /**
   * Exact for real numbers, but TensorFlow's complex multiply and divide (Smith's algorithm) round
   * more than once where rawops computes in double and rounds once.
   */
  private static final Set<String> COMPLEX_ROUNDED =
      Set.of(
          "Mul",
          "Div",
          "RealDiv",
          "DivNoNan",
          "MulNoNan",
          "SquaredDifference",
          "Reciprocal",
          "Inv");

  /** The kind of {@code op} for an output of dtype {@code d}: complex products are elementwise. */
  public static Kind kindOf(String op, DType d) {
    if ((d == DType.COMPLEX64 || d == DType.COMPLEX128) && COMPLEX_ROUNDED.contains(op)) {
      return Kind.ELEMENTWISE;
    }
    return kindOf(op);
  }

  /** The kind of {@code op}; ops not named by the table are exact. */
  public static Kind kindOf(String op) {
    if (REORDERS_SUMS.contains(op)) {
      return Kind.REORDERS_SUMS;
    }
    if (SAMPLER.contains(op)) {
      return Kind.SAMPLER;
    }
    return ELEMENTWISE.contains(op) ? Kind.ELEMENTWISE : Kind.EXACT;
  }

  /** The ops the table names, by kind, in name order. */
  public static Map<Kind, Set<String>> named() {
    Map<Kind, Set<String>> out = new EnumMap<>(Kind.class);
    out.put(Kind.ELEMENTWISE, new TreeSet<>(ELEMENTWISE));
    out.put(Kind.SAMPLER, new TreeSet<>(SAMPLER));
    out.put(Kind.REORDERS_SUMS, new TreeSet<>(REORDERS_SUMS));
    return out;
  }

  /** The dtypes the table gives a tolerance for; all others are exact. */
  public static final List<DType> FLOAT_TYPES =
      List.of(
          DType.HALF, DType.BFLOAT16, DType.FLOAT, DType.DOUBLE, DType.COMPLEX64, DType.COMPLEX128);

  /** {rtol, atol} per kind and dtype (complex: per component, as its real type). */
  private static double[] values(Kind k, DType d) {
    if (k == Kind.EXACT || !FLOAT_TYPES.contains(d)) {
      return null;
    }
    boolean wide = d == DType.DOUBLE || d == DType.COMPLEX128;
    return switch (d) {
      case HALF -> new double[] {1e-3, 1e-3};
      case BFLOAT16 -> new double[] {1e-2, 1e-2};
      default ->
          wide
              ? new double[] {1e-12, 1e-12}
              : k == Kind.REORDERS_SUMS ? new double[] {1e-5, 1e-5} : new double[] {1e-6, 1e-6};
    };
  }

  /** The table's tolerance for kind {@code k} and dtype {@code d}; null is bit for bit. */
  public static Tolerance tolerance(Kind k, DType d) {
    double[] v = values(k, d);
    return v == null ? null : Tolerance.newBuilder().setRtol(v[0]).setAtol(v[1]).build();
  }

  /** Whether tolerance {@code a} allows at least what {@code b} allows, everywhere. */
  static boolean atLeast(Tolerance a, Tolerance b) {
    return b == null || (a != null && a.getRtol() >= b.getRtol() && a.getAtol() >= b.getAtol());
  }

  /** The table as a Markdown table: one row per kind, one column per float dtype. */
  public static String markdown() {
    StringBuilder s = new StringBuilder();
    s.append("| kind | what it covers |");
    for (DType d : FLOAT_TYPES) {
      s.append(' ').append(d.tfName()).append(" |");
    }
    s.append("\n|---|---|");
    s.append("---|".repeat(FLOAT_TYPES.size()));
    s.append('\n');
    for (Kind k : Kind.values()) {
      s.append("| ").append(k.label()).append(" | ").append(k.why()).append(" |");
      for (DType d : FLOAT_TYPES) {
        s.append(' ').append(cell(tolerance(k, d))).append(" |");
      }
      s.append('\n');
    }
    s.append('\n');
    for (Map.Entry<Kind, Set<String>> e : named().entrySet()) {
      s.append("- **")
          .append(e.getKey().label())
          .append("**: ")
          .append(String.join(", ", e.getValue()))
          .append('\n');
    }
    s.append("- **elementwise function** for complex outputs also: ")
        .append(String.join(", ", new TreeSet<>(COMPLEX_ROUNDED)))
        .append('\n');
    s.append("- **exact**: every other op, and every integer, bool and string output\n");
    return s.toString();
  }

  /** "rtol 1e-06, atol 1e-06", or "exact". */
  public static String cell(Tolerance t) {
    return t == null ? "exact" : "rtol " + num(t.getRtol()) + ", atol " + num(t.getAtol());
  }

  /** Short spelling of a tolerance value: 1e-06 as "1e-6", 0.012 as "1.2e-2", 1.0 as "1". */
  static String num(double v) {
    if (v == 0 || !Double.isFinite(v)) {
      return v == 0 ? "0" : Double.toString(v);
    }
    String m = String.format(java.util.Locale.ROOT, "%.16e", v);
    int e = m.indexOf('e');
    String mantissa = m.substring(0, e);
    if (mantissa.contains(".")) {
      mantissa = mantissa.replaceAll("0+$", "");
      if (mantissa.endsWith(".")) {
        mantissa = mantissa.substring(0, mantissa.length() - 1);
      }
    }
    int exp = Integer.parseInt(m.substring(e + 1));
    String s = exp == 0 ? mantissa : mantissa + "e" + exp;
    return Double.parseDouble(s) == v ? s : Double.toString(v);
  }

  /** One output's choice from the table: its tolerance and the ops that decided it. */
  public record Choice(Tolerance tolerance, Kind kind, List<String> ops) {}

  /**
   * The table's tolerance for an output of dtype {@code d} that ops {@code ops} (op name to a node
   * that runs it) computed: the loosest of their kinds for {@code d}.
   */
  public static Choice choose(DType d, Map<String, String> ops) {
    Kind best = Kind.EXACT;
    Tolerance tol = null;
    for (String op : new TreeMap<>(ops).keySet()) {
      Kind k = kindOf(op, d);
      Tolerance t = tolerance(k, d);
      if (t != null && !atLeast(tol, t)) {
        tol = widest(tol, t);
        best = k;
      }
    }
    List<String> why = new ArrayList<>();
    if (tol != null) {
      for (Map.Entry<String, String> e : new TreeMap<>(ops).entrySet()) {
        if (kindOf(e.getKey(), d) == best) {
          why.add(e.getKey() + " ('" + e.getValue() + "')");
        }
      }
    }
    return new Choice(tol, best, why);
  }

  static Tolerance widest(Tolerance a, Tolerance b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    return Tolerance.newBuilder()
        .setRtol(Math.max(a.getRtol(), b.getRtol()))
        .setAtol(Math.max(a.getAtol(), b.getAtol()))
        .build();
  }
}
