package dev.rawops.cli;

import dev.rawops.RawOpsException;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.ToleranceRules;
import dev.rawops.conform.ToleranceTable;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.ops.OpRegistry;
import dev.rawops.ops.TfOpDefs;
import dev.rawops.tensor.DType;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code rawops conform --explain-tolerance [FIXTURE|OP[:DTYPE]]}: which tolerance each output of a
 * fixture is compared with and why, or the default table's tolerance for an op; runs nothing.
 */
final class ToleranceExplainer {
  private ToleranceExplainer() {}

  static final String PRECEDENCE =
      "Precedence: --rtol/--atol, then the fixture's own tolerance, then the default table (an"
          + " output gets the loosest kind among the ops computing it, for its dtype); integer,"
          + " bool and string outputs are always exact; half and bfloat16 never use less than"
          + " 1e-3 and 1e-2.";

  /** The rules in words, for reports. */
  static String describe(ToleranceRules r) {
    if (r.override() != null) {
      return "--rtol "
          + r.override().getRtol()
          + " --atol "
          + r.override().getAtol()
          + " for every float output, over the fixtures' own";
    }
    return r.table()
        ? "each fixture's own, else the default table (docs/FIXTURES.md)"
        : "each fixture's own, else bit for bit (--bit-exact)";
  }

  static int explain(
      String arg, List<Path> paths, ToleranceRules rules, PrintWriter out, PrintWriter err) {
    List<Path> targets = new ArrayList<>(paths);
    if (!arg.isEmpty()) {
      if (Files.exists(Path.of(arg))) {
        targets.add(0, Path.of(arg));
      } else if (targets.isEmpty()) {
        return explainOp(arg, rules, out, err);
      } else {
        err.println("error: --explain-tolerance " + arg + ": no such fixture file or directory");
        err.flush();
        return Main.FAILED;
      }
    }
    if (targets.isEmpty()) {
      out.println("The default tolerance table (rawops conform without --bit-exact):");
      out.println();
      out.print(ToleranceTable.markdown());
      out.println();
      out.println(PRECEDENCE);
      out.flush();
      return Main.OK;
    }
    return explainFixtures(targets, rules, out, err);
  }

  private static int explainFixtures(
      List<Path> targets, ToleranceRules rules, PrintWriter out, PrintWriter err) {
    List<Path> files;
    try {
      files = Fixtures.collect(targets);
    } catch (RawOpsException | java.io.UncheckedIOException e) {
      err.println("error: " + e.getMessage());
      err.flush();
      return Main.FAILED;
    }
    if (files.isEmpty()) {
      err.println("error: no fixtures under " + targets);
      err.flush();
      return Main.FAILED;
    }
    boolean ok = true;
    for (Path file : files) {
      Fixture f;
      try {
        f = Fixtures.read(file);
      } catch (RawOpsException e) {
        out.println(file + ": cannot be read: " + e.getMessage());
        ok = false;
        continue;
      }
      out.println((f.getName().isEmpty() ? file.toString() : f.getName()) + " (" + file + "):");
      if (f.hasError()) {
        out.println(
            "  expects "
                + f.getError().getCode()
                + " at "
                + f.getError().getStage()
                + ": no values are compared");
        continue;
      }
      try {
        for (ToleranceRules.Applied a : rules.explain(f, file)) {
          out.println(
              "  "
                  + a.fetch()
                  + " ("
                  + (a.dtype() == null ? "unknown dtype" : a.dtype().tfName())
                  + "): "
                  + a.tolerance(true)
                  + " — "
                  + a.why());
        }
      } catch (RawOpsException e) {
        out.println("  " + e.getMessage());
        ok = false;
      }
    }
    out.flush();
    return ok ? Main.OK : Main.FAILED;
  }

  private static int explainOp(String arg, ToleranceRules rules, PrintWriter out, PrintWriter err) {
    int colon = arg.indexOf(':');
    String op = colon < 0 ? arg : arg.substring(0, colon);
    DType only = null;
    if (colon >= 0) {
      only = dtype(arg.substring(colon + 1));
      if (only == null) {
        err.println(
            "error: --explain-tolerance "
                + arg
                + ": unknown dtype '"
                + arg.substring(colon + 1)
                + "' (TensorFlow's names: float, double, half, bfloat16, complex64, int32, …)");
        err.flush();
        return Main.USAGE;
      }
    }
    if (TfOpDefs.get(op).isEmpty() && !OpRegistry.builtIn().implemented(op)) {
      err.println(
          "error: --explain-tolerance "
              + arg
              + ": neither a fixture file or directory nor an op TensorFlow or rawops knows");
      err.flush();
      return Main.FAILED;
    }
    ToleranceTable.Kind k = ToleranceTable.kindOf(op);
    out.println(op + ": " + k.label() + " (" + k.why() + ")");
    List<DType> types = only != null ? List.of(only) : ToleranceTable.FLOAT_TYPES;
    for (DType d : types) {
      ToleranceTable.Kind kd = ToleranceTable.kindOf(op, d);
      out.println(
          "  "
              + d.tfName()
              + ": "
              + ToleranceTable.cell(ToleranceTable.tolerance(kd, d))
              + (kd != k ? " (" + kd.label() + " for " + d.tfName() + " results)" : ""));
    }
    if (rules.override() != null) {
      out.println(
          "--rtol/--atol given: every float output is compared with "
              + ToleranceTable.cell(rules.override())
              + " instead (half and bfloat16 at least 1e-3 and 1e-2)");
    } else if (!rules.table()) {
      out.println(
          "--bit-exact given: the table is off; fixtures without their own tolerance are"
              + " compared bit for bit");
    }
    out.println(PRECEDENCE);
    out.flush();
    return Main.OK;
  }

  /** A dtype by TensorFlow's name ("float", "DT_FLOAT", "float32"), or null. */
  static DType dtype(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    if (n.startsWith("dt_")) {
      n = n.substring(3);
    }
    n =
        switch (n) {
          case "float32" -> "float";
          case "float64" -> "double";
          case "float16" -> "half";
          default -> n;
        };
    for (DType d : DType.values()) {
      if (d.tfName().equals(n)) {
        return d;
      }
    }
    return null;
  }
}
