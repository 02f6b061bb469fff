package dev.rawops.conform;

import com.google.common.base.Splitter;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.fixtureproto.ExpectedError.Stage;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * SavedModel fixtures (docs/FIXTURES.md, "SavedModel fixtures"): which files are ones, and where
 * the SavedModel each one runs is.
 *
 * <p>A SavedModel fixture has an empty graph and {@code source: "signature:KEY"}. Its model is, in
 * this order:
 *
 * <ol>
 *   <li>the directory holding the fixture, when it is a SavedModel (its {@code expected.pbtxt});
 *   <li>for {@code NAME.savedmodel.pbtxt}: each word of the description that contains a {@code /}
 *       (words split at white space and {@code (),;}), resolved against the fixture's directory and
 *       then against each of its ancestors, nearest first; then a SavedModel directory {@code NAME}
 *       beside the fixture. The first SavedModel directory found is the model.
 * </ol>
 *
 * Nothing found is the fixture's failure (NOT_FOUND naming every path tried), never a skip.
 */
public final class SavedModelCases {
  static final String SIGNATURE_PREFIX = "signature:";
  private static final String SUFFIX_TEXT = ".savedmodel.pbtxt";
  private static final String SUFFIX_BINARY = ".savedmodel.pb";
  private static final Pattern WORD_BREAKS = Pattern.compile("[\\s(),;]+");

  private SavedModelCases() {}

  /** A SavedModel fixture's file: {@code *.savedmodel.pb[txt]}, or expected.pbtxt in a model. */
  static boolean isCaseFile(Path p) {
    String n = p.getFileName().toString();
    if (n.endsWith(SUFFIX_TEXT) || n.endsWith(SUFFIX_BINARY)) {
      return true;
    }
    Path parent = p.toAbsolutePath().getParent();
    return n.equals("expected.pbtxt") && parent != null && SavedModel.isSavedModel(parent);
  }

  /** True for a fixture that runs a SavedModel's signature rather than its own graph. */
  static boolean isSavedModelFixture(Fixture f) {
    return f.getSource().startsWith(SIGNATURE_PREFIX)
        && f.getGraph().getNodeCount() == 0
        && f.getGraph().getLibrary().getFunctionCount() == 0;
  }

  static String signature(Fixture f) {
    return f.getSource().substring(SIGNATURE_PREFIX.length());
  }

  /**
   * The SavedModel directory of fixture {@code f} read from {@code file} (see the class comment).
   *
   * @throws RawOpsException NOT_FOUND naming every path tried
   */
  public static Path locate(Fixture f, Path file) {
    if (file == null) {
      throw RawOpsException.of(
          Code.NOT_FOUND,
          "SavedModel fixture "
              + f.getName()
              + " was given without its file, so its model cannot be located");
    }
    Path dir = file.toAbsolutePath().normalize().getParent();
    if (SavedModel.isSavedModel(dir)) {
      return dir;
    }
    Set<Path> tried = new LinkedHashSet<>();
    for (String word : pathWords(f.getDescription())) {
      for (Path base = dir; base != null; base = base.getParent()) {
        Path candidate = base.resolve(word).normalize();
        if (tried.add(candidate) && SavedModel.isSavedModel(candidate)) {
          return candidate;
        }
      }
    }
    String name = file.getFileName().toString();
    for (String suffix : List.of(SUFFIX_TEXT, SUFFIX_BINARY)) {
      if (name.endsWith(suffix)) {
        Path beside = dir.resolve(name.substring(0, name.length() - suffix.length()));
        if (tried.add(beside) && SavedModel.isSavedModel(beside)) {
          return beside;
        }
      }
    }
    throw RawOpsException.of(
        Code.NOT_FOUND,
        "no SavedModel (a directory with saved_model.pb or saved_model.pbtxt) for fixture "
            + file
            + "; tried: "
            + String.join(", ", tried.stream().map(Path::toString).toList())
            + (pathWords(f.getDescription()).isEmpty()
                ? " (its description names no path with a '/')"
                : ""));
  }

  /**
   * Null when the SavedModel at {@code model} does what fixture {@code f} says TensorFlow did:
   * loading it is the BUILD stage, running the signature the RUN stage.
   */
  static ConformanceRunner.Checked check(Fixture f, Path model, ToleranceRules rules) {
    String malformed = ConformanceRunner.malformed(f);
    if (malformed != null) {
      return new ConformanceRunner.Checked("malformed fixture: " + malformed, List.of());
    }
    SavedModel m;
    try {
      m = SavedModel.load(model);
    } catch (RawOpsException e) {
      return new ConformanceRunner.Checked(
          f.hasError()
              ? ConformanceRunner.compareError(f.getError(), e, Stage.BUILD)
              : "rawops could not load the SavedModel " + model + ": " + e.getMessage(),
          List.of());
    }
    Map<String, Tensor> inputs = new LinkedHashMap<>();
    for (Map.Entry<String, TensorProto> e : f.getFeedMap().entrySet()) {
      try {
        inputs.put(e.getKey(), TensorProtos.toTensor(e.getValue()));
      } catch (RawOpsException x) {
        return new ConformanceRunner.Checked(
            "malformed fixture: feed '" + e.getKey() + "': " + x.getMessage(), List.of());
      }
    }
    Map<String, Tensor> out;
    try {
      out = m.run(signature(f), inputs);
    } catch (RawOpsException e) {
      return new ConformanceRunner.Checked(
          f.hasError()
              ? ConformanceRunner.compareError(f.getError(), e, Stage.RUN)
              : "rawops failed to run signature '" + signature(f) + "': " + e.getMessage(),
          List.of());
    }
    if (f.hasError()) {
      return new ConformanceRunner.Checked(
          "expected " + f.getError().getCode() + ", but rawops ran without error", List.of());
    }
    List<Tensor> fetched = new ArrayList<>();
    for (String key : f.getFetchList()) {
      Tensor t = out.get(key);
      if (t == null) {
        return new ConformanceRunner.Checked(
            "signature '"
                + signature(f)
                + "' has no output '"
                + key
                + "'; its outputs are: "
                + String.join(", ", out.keySet()),
            List.of());
      }
      fetched.add(t);
    }
    List<String> tensors = new ArrayList<>();
    for (String key : f.getFetchList()) {
      tensors.add(
          m.signature(signature(f)).outputs().stream()
              .filter(o -> o.key().equals(key))
              .map(SavedModel.TensorSpec::tensorName)
              .findFirst()
              .orElse(key));
    }
    List<ToleranceRules.Applied> applied =
        rules.resolve(f, m.metaGraph().getGraphDef(), tensors, ConformanceRunner.expectedTypes(f));
    List<Tolerance> tols = applied.stream().map(ToleranceRules.Applied::tolerance).toList();
    return ConformanceRunner.compare(f, applied, tols, fetched);
  }

  /** The words of {@code description} that look like relative paths. */
  static List<String> pathWords(String description) {
    List<String> out = new ArrayList<>();
    for (String w : Splitter.on(WORD_BREAKS).omitEmptyStrings().split(description)) {
      if (w.contains("/") && !w.startsWith("/") && !w.contains("=")) {
        out.add(w);
      }
    }
    return out;
  }

  /** The model's canonical path, so that two routes to one model compare equal. */
  static Path canonical(Path model) {
    try {
      return model.toRealPath();
    } catch (IOException e) {
      return model.toAbsolutePath().normalize();
    }
  }
}
