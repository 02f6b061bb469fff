package dev.rawops.kernels;

import com.google.common.collect.ImmutableList;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where a TensorFlow op stands for rawops, by name: the TF domain an op belongs to when rawops has
 * no family for it, and whether it is out of scope (an op an inference graph never needs a plan to
 * run: training, input pipelines, logging, writing files, other devices and processes). Both are
 * tables of whole-name patterns, the first match winning, so the rules read in one place and
 * docs/OPS.md and the runtime's UNIMPLEMENTED messages can never disagree.
 *
 * <p>The domains reuse rawops' family names where an op would join that family, and TF's own op
 * libraries ({@code io_ops}, {@code data_flow_ops}, {@code summary_ops}, …) otherwise.
 */
public final class OpScope {
  private OpScope() {}

  /** The domain of an op no rule places; no TF 2.18 op with a CPU kernel is in it. */
  public static final String OTHER = "other";

  /** Why an op is out of scope; {@link #description} is how messages and OPS.md name it. */
  public enum OutOfScope {
    TRAINING_GRADIENT("training-only op (gradient)"),
    TRAINING_OPTIMIZER("training-only op (optimizer)"),
    TRAINING_ACCUMULATOR("training-only op (gradient accumulator)"),
    TRAINING_OTHER("training-only op (sampled losses, word2vec, k-means seeding, warm starts)"),
    DATASET("tf.data dataset or iterator op"),
    QUEUE("queue, barrier or staging-area op"),
    READER("reader op"),
    SUMMARY("summary op"),
    WRITING("file-system or checkpoint writing op"),
    DISTRIBUTED("TPU, XLA, collective or distributed op"),
    DEBUG("debug op"),
    INTERNAL(
        "TF-internal op (TF's own graph rewrites and runtime add it; saved graphs do not hold it)");

    private final String description;

    OutOfScope(String description) {
      this.description = description;
    }

    public String description() {
      return description;
    }
  }

  private record Rule<T>(Pattern pattern, T value) {}

  private static <T> Rule<T> rule(String regex, T value) {
    return new Rule<>(Pattern.compile(regex), value);
  }

  private static final String DEBUG = "Debug.*|Copy|CopyHost|CheckPinned";

  private static final String DISTRIBUTED =
      ".*TPU.*|_?Xla.*|.*Collective.*|_?Nccl.*|_?(Host)?(Send|Recv)|Rpc.*|.*RpcFuture.*|RemoteCall";

  private static final String DATASET =
      ".*Dataset.*|.*Iterator.*|Optional(FromValue|GetValue|HasValue|None)|.*SeedGenerator"
          + "|.*MemoryCache|DummyIterationCounter|.*StatsAggregator.*|(Experimental)?ThreadPoolHandle"
          + "|(Compress|Uncompress)Element|GetElementAtIndex|GetOptions|DistributedSave"
          + "|ComputeBatchSize|WindowOp|MapDefun";

  private static final String QUEUE =
      ".*Queue.*|Barrier.*|(Ordered)?Map(Clear|IncompleteSize|Peek|Size|Stage|Unstage|UnstageNoKey)"
          + "|Stage|Unstage|Stage(Clear|Peek|Size)";

  private static final String READER = ".*Reader.*|RecordInput";

  private static final String WRITING =
      "Save|SaveV2|SaveSlices|MergeV2Checkpoints|WriteFile|DumpTensor|CalibrationStatisticsSaver"
          + "|FileSystemSetConfiguration";

  private static final String OPTIMIZER =
      "(Resource)?(Sparse)?Apply.*|Sdca(Optimizer|OptimizerV2|ShrinkL1|Fprint)";

  /** Ops of an inference graph that the patterns below would otherwise catch. */
  private static final String IN_SCOPE =
      "StopGradient|PreventGradient|Conv2DBackpropInput|Conv3DBackpropInput(V2)?"
          + "|DepthwiseConv2dNativeBackpropInput";

  /** First match wins: the exceptions, then the classes whose names overlap others' first. */
  private static final ImmutableList<Rule<Optional<OutOfScope>>> CLASSES =
      ImmutableList.of(
          rule(IN_SCOPE, Optional.empty()),
          rule(DEBUG, Optional.of(OutOfScope.DEBUG)),
          rule(DISTRIBUTED, Optional.of(OutOfScope.DISTRIBUTED)),
          rule("_.*", Optional.of(OutOfScope.INTERNAL)),
          rule(DATASET, Optional.of(OutOfScope.DATASET)),
          rule(QUEUE, Optional.of(OutOfScope.QUEUE)),
          rule(READER, Optional.of(OutOfScope.READER)),
          rule(".*Summary.*|ImportEvent", Optional.of(OutOfScope.SUMMARY)),
          rule(WRITING, Optional.of(OutOfScope.WRITING)),
          rule(OPTIMIZER, Optional.of(OutOfScope.TRAINING_OPTIMIZER)),
          rule(".*Accumulator.*", Optional.of(OutOfScope.TRAINING_ACCUMULATOR)),
          rule(
              ".*CandidateSampler|ComputeAccidentalHits|NegTrain|Skipgram|KMC2ChainInitialization"
                  + "|KmeansPlusPlusInitialization|GenerateVocabRemapping|LoadAndRemapMatrix",
              Optional.of(OutOfScope.TRAINING_OTHER)),
          rule(".*Grad.*|.*Backprop.*", Optional.of(OutOfScope.TRAINING_GRADIENT)),
          rule(".*", Optional.empty()));

  /** The TF domain of an op rawops has no family for; first match wins. */
  private static final ImmutableList<Rule<String>> DOMAINS =
      ImmutableList.of(
          rule(DEBUG, "debug"),
          rule(DISTRIBUTED, "distributed"),
          rule("_.*", "internal"),
          rule(".*HashTable.*|LookupTable.*|InitializeTable.*", "lookup"),
          rule(DATASET, "data"),
          rule(
              QUEUE
                  + "|.*Accumulator.*|Stack.*|TensorArray.*|(Parallel)?Dynamic(Partition|Stitch)"
                  + "|GetSessionHandle.*|GetSessionTensor|DeleteSessionTensor",
              "dataflow"),
          rule(".*Summary.*|ImportEvent", "summary"),
          rule(
              READER
                  + "|"
                  + WRITING
                  + "|Restore|RestoreSlice|RestoreV2|ReadFile|MatchingFiles"
                  + "|ShardedFile(name|spec)",
              "io"),
          rule(
              OPTIMIZER
                  + "|NegTrain|Skipgram|KMC2ChainInitialization|KmeansPlusPlusInitialization"
                  + "|GenerateVocabRemapping|LoadAndRemapMatrix|SymbolicGradient"
                  + "|BroadcastGradientArgs",
              "training"),
          rule(
              "TensorList.*|EmptyTensorList|TensorMap.*|EmptyTensorMap"
                  + "|CompositeTensorVariant(From|To)Components",
              "list"),
          rule("Ragged.*", "ragged"),
          rule(".*[Qq]uantiz.*|FakeQuant.*|CustomAggregator", "quantization"),
          rule("DecodeWav|EncodeWav|AudioSpectrogram|Mfcc", "audio"),
          rule(
              "Resize.*|Decode(Jpeg|Png|Gif|Bmp|Image|AndCropJpeg)|Encode(Jpeg|Png).*"
                  + "|ExtractJpegShape|Adjust.*|HSVToRGB|RGBToHSV|CropAndResize.*"
                  + "|DrawBoundingBoxes.*|(Combined)?NonMaxSuppression.*|ExtractGlimpse.*"
                  + "|ImageProjectiveTransform.*|(Stateless)?SampleDistortedBoundingBox.*"
                  + "|ScaleAndTranslate.*|RandomCrop",
              "image"),
          rule(
              "Stateless.*Random.*|Random.*|Stateful(Random|Standard|Truncated|Uniform).*"
                  + "|.*CandidateSampler|ComputeAccidentalHits|(Stateless)?Multinomial"
                  + "|(Stateless)?(Parameterized)?TruncatedNormal.*|Rng.*|NonDeterministicInts"
                  + "|StatelessShuffle|StochasticCastToInt",
              "random"),
          rule(
              "String.*|Regex.*|StaticRegex.*|Unicode.*|Substr|ReduceJoin|AsString"
                  + "|(Encode|Decode)Base64|UnsortedSegmentJoin|Fingerprint",
              "strings"),
          rule(
              "Parse.*|Decode(CSV|JSONExample|Raw|PaddedRaw|Compressed|ProtoV2)|EncodeProto"
                  + "|SerializeTensor",
              "parsing"),
          rule("I?R?FFT.*", "spectral"),
          rule(
              "(Batch)?Matrix.*|BatchMatMul.*|MatMul|SparseMatMul|(Batch)?Cholesky.*|Qr"
                  + "|(Batch)?Svd|Eig|(Batch)?SelfAdjointEig.*|Lu|Einsum|Cross|Tridiagonal.*"
                  + "|BandedTriangularSolve|LogMatrixDeterminant",
              "linalg"),
          rule(
              "Sparse.*|.*SparseTensor.*|CSR.*|DenseToCSR.*|(Add|Take)(Many)?Sparse.*"
                  + "|(Serialize|Deserialize)(Many)?Sparse|Dense(ToDense|ToSparse)SetOperation"
                  + "|SetSize|DenseCountSparseOutput",
              "sparse"),
          rule(
              "Where|Unique.*|ListDiff|UpperBound|LowerBound|InTopK.*|(Approx)?TopK.*"
                  + "|NthElement",
              "selection"),
          rule(
              ".*Conv.*|.*Pool.*|.*Relu.*|Elu.*|Selu.*|Softplus.*|Softsign.*|BiasAdd.*"
                  + "|.*BatchNorm.*|LRN.*|.*Softmax.*|Dilation2D.*|CTC.*|.*LSTM.*|GRU.*|L2Loss"
                  + "|IsotonicRegression|DataFormat.*|NearestNeighbors",
              "nn"),
          rule(
              ".*Switch.*|.*Merge|.*Enter|.*Exit|.*NextIteration|LoopCond|ControlTrigger|Abort"
                  + "|Assert|Print.*|If|While|Case|For|Stateless(If|While|Case)"
                  + "|(Stateful)?PartitionedCall|FakeParam|DeviceIndex|BatchFunction|Batch"
                  + "|Unbatch.*|TfLiteSubgraphExecute|CheckNumerics.*|Timestamp|RefSelect",
              "controlflow"),
          rule(
              ".*Variable.*|VarHandleOp|.*Assign.*|ReadVariableOp|VarIsInitializedOp"
                  + "|(Resource)?Scatter(Add|Sub|Mul|Div|Min|Max|Update|NdAdd|NdSub|NdMin|NdMax"
                  + "|NdUpdate)|ResourceGather.*|(Resource)?CountUpTo|DestroyResourceOp"
                  + "|DisableCopyOnRead|Mutex.*|ConsumeMutexLock|(Resource)?StridedSliceAssign",
              "state"),
          rule(
              "Sum|Mean|Max|Min|Prod|All|Any|ArgMax|ArgMin|EuclideanNorm|Cum.*"
                  + "|(Sparse|Unsorted)?Segment.*|(Dense)?Bincount|HistogramFixedWidth",
              "reduction"),
          rule(
              "Gather.*|ScatterNd.*|TensorScatter.*|StridedSlice.*|TensorStridedSliceUpdate"
                  + "|Inplace(Add|Sub|Update)",
              "indexing"),
          rule(
              "Const|HostConst|ImmutableConst|GuaranteeConst|Placeholder.*|.*Identity.*|NoOp"
                  + "|Snapshot",
              "core"),
          rule(
              "Shape.*|Size|Rank|Reshape|.*Concat.*|Split.*|Pack|Unpack|.*Pad.*|Transpose"
                  + "|ConjugateTranspose|Tile.*|BroadcastTo|BroadcastArgs|Range|LinSpace|OneHot"
                  + "|SpaceTo.*|BatchToSpace.*|DepthToSpace|Diag.*|Reverse.*|InvertPermutation"
                  + "|ExpandDims|Squeeze|Slice|Fill|Empty|EnsureShape|Extract(Image|Volume)Patches"
                  + "|Roll|UnravelIndex|EditDistance|Bitcast|DeepCopy|ZerosLike|OnesLike",
              "array"),
          rule(
              "Bessel.*|Complex|Dawsn|Expint|Fact|Fresnel.*|NextAfter|PopulationCount|Spence|ToBool"
                  + "|Abs|Acos.*|Add.*|Angle|ApproximateEqual|Asin.*|Atan.*|Betainc|Bitwise.*"
                  + "|Bucketize|Cast|Ceil|ClipByValue|ComplexAbs|Conj|Cos.*|Digamma|Div.*|Equal"
                  + "|Erf.*|Exp.*|Floor.*|Greater.*|Igamma.*|Imag|Inv|InvGrad|Invert|Is(Finite|Inf|Nan)"
                  + "|LeftShift|Less.*|Lgamma|Log.*|Maximum|Minimum|Mod|Mul.*|Ndtri|Neg|NotEqual"
                  + "|Polygamma|Pow|Real.*|Reciprocal.*|RightShift|Rint|Round|Rsqrt.*|Select.*|Sign"
                  + "|Sigmoid.*|Sin.*|Sqrt.*|Square.*|Sub|Tan.*|Truncate(Div|Mod)|Xdivy|Xlog1py|Xlogy"
                  + "|Zeta",
              "elementwise"),
          rule(".*", OTHER));

  /** The out-of-scope class of {@code op}, empty for an op an inference graph may need. */
  public static Optional<OutOfScope> outOfScope(String op) {
    return first(CLASSES, op);
  }

  /**
   * The TF domain of {@code op} for ops rawops has no family for: a rawops family's name where the
   * op would join that family ("nn" for Dilation2D), else one of TF's op libraries ("data",
   * "dataflow", "io", "summary", "training", "distributed", "debug", "internal", "lookup", "list",
   * "random", "strings", "parsing", "spectral"); {@link #OTHER} for an op no rule places.
   */
  public static String domain(String op) {
    return first(DOMAINS, op);
  }

  private static <T> T first(ImmutableList<Rule<T>> rules, String op) {
    for (Rule<T> r : rules) {
      if (r.pattern().matcher(op).matches()) {
        return r.value();
      }
    }
    throw new IllegalStateException("no rule matches " + op); // the last rules match anything
  }
}
