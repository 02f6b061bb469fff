package dev.rawops.conform;

import dev.rawops.RawOpsException;
import dev.rawops.fixtureproto.ExpectedError;
import dev.rawops.fixtureproto.ExpectedError.Stage;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelRegistry;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Runs fixtures against rawops: build the graph for the device, feed, fetch, compare with what
 * TensorFlow produced (dtype, shape, every element's bits), or check that the run fails the way
 * TensorFlow's did (same status code; a BUILD error must be raised by {@link Graph#build}, a RUN
 * error may be raised by either build or run). Never throws: a fixture that cannot be read, or
 * anything unexpected while running it, is that fixture's failure.
 */
public final class ConformanceRunner {
  private final Device device;
  private final boolean deviceHasKernels;
  private final String noKernelsReason;
  private final ToleranceRules rules;
  private final Map<List<Object>, Path> seen = new ConcurrentHashMap<>();

  /** Bit-exact comparison except where a fixture carries its own tolerance. */
  public ConformanceRunner(Device device) {
    this(device, ToleranceRules.BIT_EXACT);
  }

  /**
   * {@code defaultTolerance} (rtol, atol) applies to fixtures without their own; null means
   * bit-exact for those.
   */
  public ConformanceRunner(Device device, Tolerance defaultTolerance) {
    this(device, new ToleranceRules(null, defaultTolerance, false));
  }

  /** Each float output compared with the tolerance {@code rules} give it. */
  public ConformanceRunner(Device device, ToleranceRules rules) {
    this.device = device;
    KernelRegistry kernels = KernelRegistry.builtIn();
    this.deviceHasKernels = kernels.hasDevice(device) && kernels.available(device);
    this.noKernelsReason =
        !kernels.hasDevice(device)
            ? "rawops has no " + device + " kernels"
            : "no " + device + " device: " + kernels.unavailableReason(device);
    this.rules = rules;
  }

  /** False when every fixture is skipped because the device has no kernels or is absent. */
  public boolean deviceUsable() {
    return deviceHasKernels;
  }

  /** Reads and runs one fixture file. */
  public Result run(Path file) {
    return run(file, name -> true).orElseThrow();
  }

  /**
   * Reads one fixture file and runs it if {@code selected} accepts its name (the file's path when
   * it does not parse, which is then this fixture's failure).
   */
  public Optional<Result> run(Path file, Predicate<String> selected) {
    long start = System.nanoTime();
    Fixture f;
    try {
      f = Fixtures.read(file);
    } catch (RawOpsException e) {
      return selected.test(file.toString())
          ? Optional.of(
              new Result(
                  file.toString(),
                  file,
                  Result.Status.FAILED,
                  e.getMessage(),
                  System.nanoTime() - start))
          : Optional.empty();
    }
    return selected.test(name(f, file)) ? Optional.of(run(f, file, start)) : Optional.empty();
  }

  /** Runs a fixture already in memory. */
  public Result run(Fixture f) {
    return run(f, null, System.nanoTime());
  }

  private Result run(Fixture f, Path file, long start) {
    String name = name(f, file);
    if (!deviceHasKernels) {
      return new Result(
          name, file, Result.Status.SKIPPED, noKernelsReason, System.nanoTime() - start);
    }
    if (SavedModelCases.isSavedModelFixture(f)) {
      return savedModelCase(f, file, name, start);
    }
    String skip = GpuRules.skipReason(f, device);
    if (skip != null) {
      return new Result(name, file, Result.Status.SKIPPED, skip, System.nanoTime() - start);
    }
    Checked c;
    try {
      c = check(f);
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      c = new Checked("rawops crashed: " + e, List.of());
    }
    return verdict(name, file, c, start, ops(f));
  }

  /** Why a fixture failed (null: it passed), and its float outputs' errors. */
  record Checked(String reason, List<Result.OutputError> outputs) {}

  private static Result verdict(String name, Path file, String reason, long start) {
    return verdict(name, file, new Checked(reason, List.of()), start);
  }

  private static Result verdict(String name, Path file, Checked c, long start) {
    return verdict(name, file, c, start, List.of());
  }

  private static Result verdict(String name, Path file, Checked c, long start, List<String> ops) {
    return new Result(
        name,
        file,
        c.reason() == null ? Result.Status.PASSED : Result.Status.FAILED,
        c.reason() == null ? "" : c.reason(),
        System.nanoTime() - start,
        c.outputs(),
        ops);
  }

  /** The ops of {@code f}'s graph and function library, in name order. */
  static List<String> ops(Fixture f) {
    java.util.TreeSet<String> ops = new java.util.TreeSet<>();
    f.getGraph().getNodeList().forEach(n -> ops.add(n.getOp()));
    f.getGraph()
        .getLibrary()
        .getFunctionList()
        .forEach(fn -> fn.getNodeDefList().forEach(n -> ops.add(n.getOp())));
    return List.copyOf(ops);
  }

  /**
   * A SavedModel fixture: the model located (see {@link SavedModelCases}), loaded for the CPU and
   * run by signature. The same case reached through a second file (a corpus keeps a copy beside the
   * model and one among its fixtures) runs once; the second is skipped naming the first.
   */
  private Result savedModelCase(Fixture f, Path file, String name, long start) {
    if (!device.equals(Device.CPU)) {
      return new Result(
          name,
          file,
          Result.Status.SKIPPED,
          "SavedModels load for the CPU only",
          System.nanoTime() - start);
    }
    Path model;
    try {
      model = SavedModelCases.locate(f, file);
    } catch (RawOpsException e) {
      return verdict(name, file, e.getMessage(), start);
    }
    Path first = seen.putIfAbsent(List.of(SavedModelCases.canonical(model), f), file);
    if (first != null && !first.equals(file)) {
      return new Result(
          name,
          file,
          Result.Status.SKIPPED,
          "the same case as " + first + " (same SavedModel " + model + "), which ran",
          System.nanoTime() - start);
    }
    Checked c;
    try {
      c = SavedModelCases.check(f, model, rules);
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      c = new Checked("rawops crashed: " + e, List.of());
    }
    return verdict(name, file, c, start);
  }

  private static String name(Fixture f, Path file) {
    return !f.getName().isEmpty() ? f.getName() : file != null ? file.toString() : "(unnamed)";
  }

  /** Null when rawops does what the fixture says TensorFlow did, else why not. */
  private Checked check(Fixture f) {
    String malformed = malformed(f);
    if (malformed != null) {
      return new Checked("malformed fixture: " + malformed, List.of());
    }
    return runAndCompare(f);
  }

  private static Checked failure(String reason) {
    return new Checked(reason, List.of());
  }

  private Checked runAndCompare(Fixture f) {
    Graph graph;
    try {
      graph = Graph.build(f.getGraph(), device);
    } catch (RawOpsException e) {
      return failure(
          f.hasError()
              ? compareError(f.getError(), e, Stage.BUILD)
              : "rawops rejected the graph: " + e.getMessage());
    }
    Map<String, Tensor> feeds = new LinkedHashMap<>();
    for (Map.Entry<String, TensorProto> e : f.getFeedMap().entrySet()) {
      try {
        feeds.put(e.getKey(), TensorProtos.toTensor(e.getValue()));
      } catch (RawOpsException x) {
        return failure("malformed fixture: feed '" + e.getKey() + "': " + x.getMessage());
      }
    }
    List<Tensor> outputs;
    try {
      outputs = graph.newSession().run(feeds, f.getFetchList());
    } catch (RawOpsException e) {
      return failure(
          f.hasError()
              ? compareError(f.getError(), e, Stage.RUN)
              : "rawops failed to run: " + e.getMessage());
    }
    if (f.hasError()) {
      return failure("expected " + describe(f.getError()) + ", but rawops ran without error");
    }
    List<ToleranceRules.Applied> applied =
        rules.resolve(f, f.getGraph(), f.getFetchList(), expectedTypes(f));
    List<Tolerance> tols = new ArrayList<>();
    for (ToleranceRules.Applied a : applied) {
      tols.add(GpuRules.tolerance(graph, device, a.tolerance()));
    }
    return compare(f, applied, tols, outputs);
  }

  static List<DType> expectedTypes(Fixture f) {
    List<DType> out = new ArrayList<>();
    f.getExpectedList().forEach(e -> out.add(DType.fromProtoOrNull(e.getDtype())));
    return out;
  }

  /** The values compared: the first difference, and each float output's error. */
  static Checked compare(
      Fixture f, List<ToleranceRules.Applied> applied, List<Tolerance> tols, List<Tensor> got) {
    String reason = TensorDiff.compareEach(f.getFetchList(), f.getExpectedList(), got, tols);
    List<Result.OutputError> errors = new ArrayList<>();
    for (int i = 0; i < got.size() && i < f.getExpectedCount(); i++) {
      ToleranceRules.Applied a = applied.get(i);
      Tensor actual = got.get(i);
      if (a.dtype() == null || !Tolerances.appliesTo(a.dtype()) || actual.dtype() != a.dtype()) {
        continue;
      }
      Tensor want;
      try {
        want = TensorProtos.toTensor(f.getExpected(i));
      } catch (RawOpsException e) {
        continue;
      }
      if (!want.shape().equals(actual.shape())) {
        continue;
      }
      Tolerances.Measure m = Tolerances.measure(want, actual, tols.get(i));
      errors.add(
          new Result.OutputError(
              a.fetch(),
              a.dtype().tfName(),
              ToleranceTable.cell(Tolerances.withFloor(tols.get(i), a.dtype())),
              a.why(),
              m.maxAbs(),
              m.maxRel(),
              m.worstRatio()));
    }
    return new Checked(reason, errors);
  }

  static String malformed(Fixture f) {
    if (!f.hasError() && f.getFetchCount() == 0) {
      return "it has no fetches and no expected error (an empty or truncated file?)";
    }
    if (f.hasError() && f.getError().getCode() == dev.rawops.fixtureproto.Code.UNRECOGNIZED) {
      return "its error has an unknown code " + f.getError().getCodeValue();
    }
    if (f.hasError() && f.getError().getStage() == Stage.UNRECOGNIZED) {
      return "its error has an unknown stage " + f.getError().getStageValue();
    }
    if (f.hasTolerance()
        && (!(f.getTolerance().getRtol() >= 0) || !(f.getTolerance().getAtol() >= 0))) {
      return "its tolerance must be non-negative numbers, got " + f.getTolerance();
    }
    if (f.hasError()) {
      if (f.getExpectedCount() > 0) {
        return "it has both expected values and an error";
      }
      if (f.getError().getCode() == dev.rawops.fixtureproto.Code.OK) {
        return "its error has code OK";
      }
      return null;
    }
    if (f.getExpectedCount() != f.getFetchCount()) {
      return f.getFetchCount() + " fetches but " + f.getExpectedCount() + " expected values";
    }
    return null;
  }

  /** Null when our error {@code e}, raised at {@code ours}, matches TF's {@code expected}. */
  static String compareError(ExpectedError expected, RawOpsException e, Stage ours) {
    boolean codeMatches = expected.getCode().getNumber() == e.code().number();
    // TF's RUN errors may be caught earlier by rawops; a BUILD error must not wait for the run.
    boolean stageMatches = expected.getStage() != Stage.BUILD || ours == Stage.BUILD;
    if (codeMatches && stageMatches) {
      return null;
    }
    return "expected "
        + describe(expected)
        + ", got "
        + e.code()
        + " at "
        + ours
        + ": "
        + e.getMessage();
  }

  private static String describe(ExpectedError e) {
    String stage = e.getStage() == Stage.STAGE_UNSPECIFIED ? "" : " at " + e.getStage();
    String message =
        e.getMessage().isEmpty() ? "" : " (TensorFlow: \"" + oneLine(e.getMessage()) + "\")";
    return e.getCode() + stage + message;
  }

  private static String oneLine(String s) {
    return s.replace("\n", "\\n").replace("\t", "\\t");
  }
}
