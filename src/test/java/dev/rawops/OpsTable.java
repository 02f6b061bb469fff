package dev.rawops;

import com.google.common.collect.ImmutableSet;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.KernelRegistry;
import dev.rawops.kernels.OpScope;
import dev.rawops.kernels.OpScope.OutOfScope;
import dev.rawops.kernels.TfCpuRegistrations;
import dev.rawops.ops.OpRegistry;
import dev.rawops.runtime.Functions;
import dev.rawops.tensor.DType;
import dev.rawops.tfproto.DataType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * docs/OPS.md: every op TensorFlow 2.18 registers a CPU kernel for, grouped by rawops family (ops
 * rawops has no family for by {@link OpScope#domain}), with rawops' status, dtypes and fixtures.
 * Everything comes from the registries and the fixtures, sorted, so the same inputs always give the
 * same bytes.
 */
final class OpsTable {
  static final String COMMAND = "./mvnw -B -o -q test -Dtest=OpsTableTest -Dops.write=true";

  /** Where rawops stands on one op. */
  enum Kind {
    CPU,
    RUNTIME,
    MISSING,
    OUT_OF_SCOPE
  }

  record Row(
      String op,
      String group,
      boolean rawopsFamily,
      Kind kind,
      boolean gpu,
      Optional<OutOfScope> outOfScope,
      String dtypes,
      String coverage,
      FixtureOps.Use use) {}

  final List<Row> rows = new ArrayList<>();
  final Set<String> families = new TreeSet<>();
  // rawops CPU kernels of ops TF has no CPU kernel for (rawops-internal ops).
  final Set<String> cpuOnlyInRawops = new TreeSet<>();

  private OpsTable() {}

  static OpsTable build(OpRegistry ops, KernelRegistry kernels, FixtureOps fixtures) {
    OpsTable t = new OpsTable();
    Map<String, List<KernelDef>> cpu = new TreeMap<>();
    Set<String> gpu = new TreeSet<>();
    for (KernelDef d : kernels.all()) {
      if (d.device().equals(Device.CPU)) {
        cpu.computeIfAbsent(d.op(), k -> new ArrayList<>()).add(d);
      } else if (d.device().equals(Device.GPU)) {
        gpu.add(d.op());
      }
    }
    for (var op : ops.all()) {
      ops.family(op.name()).ifPresent(t.families::add);
    }
    Set<String> tf = TfCpuRegistrations.ops();
    for (String op : tf) {
      Optional<String> family = ops.family(op);
      String group = family.orElseGet(() -> OpScope.domain(op));
      Optional<OutOfScope> oos = OpScope.outOfScope(op);
      Kind kind;
      if (cpu.containsKey(op)) {
        kind = Kind.CPU;
      } else if (Functions.RUNTIME_OPS.contains(op) && ops.implemented(op)) {
        kind = Kind.RUNTIME;
      } else if (oos.isPresent()) {
        kind = Kind.OUT_OF_SCOPE;
      } else {
        kind = Kind.MISSING;
      }
      List<KernelDef> defs = cpu.getOrDefault(op, List.of());
      t.rows.add(
          new Row(
              op,
              group,
              t.families.contains(group),
              kind,
              gpu.contains(op),
              kind == Kind.OUT_OF_SCOPE ? oos : Optional.empty(),
              kind == Kind.CPU ? dtypes(op, defs) : "",
              kind == Kind.CPU ? coverage(op, defs) : "",
              fixtures.of(op)));
    }
    for (String op : cpu.keySet()) {
      if (!tf.contains(op)) {
        t.cpuOnlyInRawops.add(op);
      }
    }
    return t;
  }

  /** A type attr's dtypes in rawops' CPU kernels of an op: null when some kernel takes any. */
  private static Set<DType> rawopsTypes(List<KernelDef> defs, String attr) {
    Set<DType> out = EnumSet.noneOf(DType.class);
    for (KernelDef d : defs) {
      ImmutableSet<DataType> allowed = d.typeConstraints().get(attr);
      if (allowed == null) {
        return null;
      }
      for (DataType t : allowed) {
        DType dt = DType.fromProtoOrNull(t);
        if (dt != null) {
          out.add(dt);
        }
      }
    }
    return out;
  }

  private static Set<String> typeAttrs(String op, List<KernelDef> defs) {
    Set<String> attrs = new TreeSet<>(TfCpuRegistrations.typeAttrs(op));
    for (KernelDef d : defs) {
      attrs.addAll(d.typeConstraints().keySet());
    }
    return attrs;
  }

  /** "T: float, double; Tidx: int32, int64" ("any" for an attr some kernel leaves open). */
  private static String dtypes(String op, List<KernelDef> defs) {
    List<String> parts = new ArrayList<>();
    for (String attr : typeAttrs(op, defs)) {
      Set<DType> types = rawopsTypes(defs, attr);
      parts.add(attr + ": " + (types == null ? "any" : names(types)));
    }
    return parts.isEmpty() ? "—" : String.join("; ", parts);
  }

  /** "all" when rawops takes every dtype TF's CPU kernels take, else what it lacks. */
  private static String coverage(String op, List<KernelDef> defs) {
    List<String> lacks = new ArrayList<>();
    for (String attr : typeAttrs(op, defs)) {
      Set<DType> mine = rawopsTypes(defs, attr);
      if (mine == null) {
        continue;
      }
      Set<DType> missing = EnumSet.noneOf(DType.class);
      missing.addAll(TfCpuRegistrations.dtypes(op, attr));
      missing.removeAll(mine);
      if (!missing.isEmpty()) {
        lacks.add(attr + ": " + names(missing));
      }
    }
    return lacks.isEmpty() ? "all" : "lacks " + String.join("; ", lacks);
  }

  private static String names(Set<DType> types) {
    return types.isEmpty()
        ? "none"
        : types.stream().map(DType::tfName).collect(Collectors.joining(", "));
  }

  // ---- counts

  /** Rows by group, groups sorted. */
  SortedMap<String, List<Row>> byGroup() {
    SortedMap<String, List<Row>> out = new TreeMap<>();
    for (Row r : rows) {
      out.computeIfAbsent(r.group(), k -> new ArrayList<>()).add(r);
    }
    return out;
  }

  static long count(List<Row> rows, Kind kind) {
    return rows.stream().filter(r -> r.kind() == kind).count();
  }

  static long gpu(List<Row> rows) {
    return rows.stream().filter(r -> r.kind() == Kind.CPU && r.gpu()).count();
  }

  static Map<OutOfScope, Long> byClass(List<Row> rows) {
    Map<OutOfScope, Long> out = new EnumMap<>(OutOfScope.class);
    for (Row r : rows) {
      r.outOfScope().ifPresent(c -> out.merge(c, 1L, Long::sum));
    }
    return out;
  }

  /** The sentence README's "Supported ops and dtypes" section carries, from the same counts. */
  String readmeLine() {
    long cpu = count(rows, Kind.CPU);
    List<String> internalNames =
        rows.stream()
            .filter(r -> r.kind() == Kind.CPU && r.op().startsWith("_"))
            .map(Row::op)
            .toList();
    long internal = internalNames.size();
    List<String> extra = cpuOnlyInRawops.stream().filter(o -> !o.startsWith("_")).toList();
    return "Coverage of TensorFlow's CPU ops ([docs/OPS.md](docs/OPS.md), generated): TF 2.18 has"
        + " CPU kernels for "
        + rows.size()
        + " ops; rawops runs "
        + (cpu + count(rows, Kind.RUNTIME))
        + " of them ("
        + cpu
        + " with a CPU kernel, "
        + gpu(rows)
        + " of those also on the GPU, and "
        + count(rows, Kind.RUNTIME)
        + " in the runtime), "
        + count(rows, Kind.OUT_OF_SCOPE)
        + " are out of scope (training, tf.data, queues, readers, summaries, writing files,"
        + " TPU/XLA/distributed, debug and TF-internal ops) and "
        + count(rows, Kind.MISSING)
        + " are in scope and not implemented yet. The totals below count "
        + (cpu - internal + extra.size())
        + " ops with CPU kernels: those "
        + cpu
        + ", less "
        + internal
        + " rawops-internal op(s) (`"
        + String.join("`, `", internalNames)
        + "`), plus "
        + extra.size()
        + " that TF's CPU kernel list holds no CPU registration of ("
        + String.join(", ", extra)
        + ").";
  }

  // ---- rendering

  String render() {
    StringBuilder md = new StringBuilder();
    md.append("# TensorFlow 2.18's CPU ops in rawops\n\n");
    md.append("<!-- Generated by `")
        .append(COMMAND)
        .append("` (src/test/java/dev/rawops/OpsTable.java); do not edit. OpsTableTest fails when")
        .append(" this file is not what the command writes. -->\n\n");
    md.append(
        """
        Every op TensorFlow 2.18 registers a CPU kernel for (`tf-cpu-kernels.txt`, labelled \
        kernels included), grouped by rawops family; an op rawops has no family for is grouped \
        by the TF domain `OpScope.domain` gives it. For each op:

        - **rawops**: `CPU` (a CPU kernel; `CPU, GPU` when there is a GPU kernel too), \
        `runtime` (the runtime runs it: function calls and functional control flow), `missing` \
        (in scope: an inference graph may need it, and a plan needing it fails UNIMPLEMENTED \
        naming the node), or `out of scope` with its class (`OpScope.outOfScope`: a plan \
        needing it fails UNIMPLEMENTED naming the node and the class).
        - **dtypes**: the dtypes rawops' CPU kernels take, per type attr; **TF's dtypes**: \
        `all` when that is every dtype TF's CPU kernels take (of those rawops has tensors for), \
        else what rawops lacks.
        - **fixtures**: how many conformance fixtures under `graphs/conformance/` hold a node of \
        the op (in the graph or a function body); **compared**: `bit-exact` when none of them \
        states a tolerance, else the widest tolerance its fixtures state and how many do (the \
        tolerance may be another op's of the same graph).

        """);
    renderTotals(md);
    renderFamilies(md);
    for (var e : byGroup().entrySet()) {
      renderGroup(md, e.getKey(), e.getValue());
    }
    if (!cpuOnlyInRawops.isEmpty()) {
      md.append("## Not in TF's CPU kernel list\n\n");
      md.append("rawops has CPU kernels for ")
          .append(cpuOnlyInRawops.size())
          .append(" ops that `tf-cpu-kernels.txt` holds no CPU-device registration of, so they")
          .append(" are no rows above: ");
      md.append(cpuOnlyInRawops.stream().map(o -> "`" + o + "`").collect(Collectors.joining(", ")));
      md.append(".\n");
    }
    return md.toString();
  }

  private void renderTotals(StringBuilder md) {
    md.append("## Totals\n\n| | ops |\n|---|---:|\n");
    row(md, "TF 2.18 ops with a CPU kernel", rows.size());
    row(md, "rawops runs them: with a CPU kernel", count(rows, Kind.CPU));
    row(md, "&nbsp;&nbsp;of which also with a GPU kernel", gpu(rows));
    row(md, "rawops runs them: in the runtime", count(rows, Kind.RUNTIME));
    row(md, "in scope, missing", count(rows, Kind.MISSING));
    row(md, "out of scope", count(rows, Kind.OUT_OF_SCOPE));
    for (var e : byClass(rows).entrySet()) {
      row(md, "&nbsp;&nbsp;" + e.getKey().description(), e.getValue());
    }
    md.append('\n');
  }

  private static void row(StringBuilder md, String what, long n) {
    md.append("| ").append(what).append(" | ").append(n).append(" |\n");
  }

  private void renderFamilies(StringBuilder md) {
    md.append("## Families\n\n");
    md.append("| family | TF CPU ops | CPU | GPU | runtime | missing | out of scope |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|\n");
    for (var e : byGroup().entrySet()) {
      List<Row> g = e.getValue();
      md.append("| [")
          .append(e.getKey())
          .append("](#")
          .append(e.getKey())
          .append(")")
          .append(familyOf(e.getKey()) ? "" : " (TF domain)")
          .append(" | ")
          .append(g.size())
          .append(" | ")
          .append(count(g, Kind.CPU))
          .append(" | ")
          .append(gpu(g))
          .append(" | ")
          .append(count(g, Kind.RUNTIME))
          .append(" | ")
          .append(count(g, Kind.MISSING))
          .append(" | ")
          .append(count(g, Kind.OUT_OF_SCOPE))
          .append(" |\n");
    }
    md.append('\n');
  }

  private boolean familyOf(String group) {
    return families.contains(group);
  }

  private void renderGroup(StringBuilder md, String group, List<Row> g) {
    md.append("## ").append(group).append("\n\n");
    md.append(
        familyOf(group)
            ? "rawops family (`ops/" + group + "/`, `kernels/cpu/" + group + "/`). "
            : "TF domain: rawops has no such family. ");
    md.append(g.size())
        .append(" ops: ")
        .append(count(g, Kind.CPU))
        .append(" CPU (")
        .append(gpu(g))
        .append(" also GPU), ")
        .append(count(g, Kind.RUNTIME))
        .append(" runtime, ")
        .append(count(g, Kind.MISSING))
        .append(" missing, ")
        .append(count(g, Kind.OUT_OF_SCOPE))
        .append(" out of scope.\n\n");
    md.append("| op | rawops | dtypes | TF's dtypes | fixtures | compared |\n");
    md.append("|---|---|---|---|---:|---|\n");
    for (Row r : g) {
      md.append("| ")
          .append(r.op())
          .append(" | ")
          .append(status(r))
          .append(" | ")
          .append(r.dtypes())
          .append(" | ")
          .append(r.coverage())
          .append(" | ")
          .append(r.use().fixtures)
          .append(" | ")
          .append(compared(r.use()))
          .append(" |\n");
    }
    md.append('\n');
  }

  private static String status(Row r) {
    return switch (r.kind()) {
      case CPU -> r.gpu() ? "CPU, GPU" : "CPU";
      case RUNTIME -> "runtime";
      case MISSING -> "missing";
      case OUT_OF_SCOPE -> "out of scope: " + r.outOfScope().orElseThrow().description();
    };
  }

  private static String compared(FixtureOps.Use u) {
    if (u.fixtures == 0) {
      return "—";
    }
    if (u.tolerant == 0) {
      return "bit-exact";
    }
    return "rtol "
        + number(u.rtol)
        + ", atol "
        + number(u.atol)
        + " ("
        + u.tolerant
        + " of "
        + u.fixtures
        + ")";
  }

  private static String number(double d) {
    if (d == 0) {
      return "0";
    }
    BigDecimal b = BigDecimal.valueOf(d).stripTrailingZeros();
    return b.scale() > 3 ? b.unscaledValue() + "e-" + b.scale() : b.toPlainString();
  }
}
