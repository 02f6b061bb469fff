package dev.rawops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.CpuKernels;
import dev.rawops.kernels.gpu.GpuKernels;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpRegistry;
import dev.rawops.runtime.Functions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README's "Supported ops and dtypes" tables say what rawops runs: one subsection per op family
 * ({@code ### <family> — …}), each op in one row under its family ({@link OpRegistry#family}),
 * every op with a CPU kernel ({@link CpuKernels}) or run by the runtime itself listed, no name that
 * is not such an op, and totals lines that count them (and the ops with GPU kernels, {@link
 * GpuKernels}). Ops named {@code _…} are rawops-internal and not listed.
 *
 * <p>A row's first column is a comma-separated list of op names in full; text in parentheses there
 * is a remark, and backticks and emphasis are ignored.
 */
class ReadmeOpsTableTest {
  private static final String SECTION = "## Supported ops and dtypes";

  /**
   * Function calls and functional control flow: declared ops without a CPU KernelDef, whose kernels
   * the runtime makes (runtime.Functions#kernelFor).
   */
  private static final Set<String> RUNTIME_OPS = Functions.RUNTIME_OPS;

  private static final Pattern TOTALS =
      Pattern.compile(
          "^Totals: (\\d+) ops with CPU kernels, (\\d+) with GPU kernels"
              + "(?:, (\\d+) run by the runtime)?\\.");

  /** A name with a parenthesis right after it: "MatrixSetDiag(V2, V3)". */
  private static final Pattern ABBREVIATION = Pattern.compile("[A-Za-z0-9]+\\([^)]*\\)");

  private static final Pattern OP_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

  private static final OpRegistry OPS = OpRegistry.builtIn();

  /** The ops to list (a CPU kernel or run by the runtime; not internal) → their family. */
  private static final Map<String, String> EXPECTED = new TreeMap<>();

  private static final Set<String> CPU = new TreeSet<>();
  private static final Set<String> GPU = new TreeSet<>();

  /** The families in the order CpuKernels lists their kernels. */
  private static final Set<String> FAMILY_ORDER = new LinkedHashSet<>();

  private static Readme readme;

  @BeforeAll
  static void load() throws IOException {
    for (KernelDef d : new CpuKernels().kernels()) {
      FAMILY_ORDER.add(OPS.family(d.op()).orElse("<no family: " + d.op() + ">"));
      if (!internal(d.op())) {
        CPU.add(d.op());
      }
    }
    for (KernelDef d : new GpuKernels().kernels()) {
      if (!internal(d.op())) {
        GPU.add(d.op());
      }
    }
    for (String op : CPU) {
      EXPECTED.put(op, OPS.family(op).orElseThrow());
    }
    for (String op : RUNTIME_OPS) {
      EXPECTED.put(op, OPS.family(op).orElseThrow());
    }
    readme = Readme.parse(Files.readString(Path.of("README.md")));
  }

  private static boolean internal(String op) {
    return op.startsWith("_");
  }

  @Test
  void aRowsFirstColumnIsOpNamesAndRemarks() {
    assertEquals(
        List.of("Gather", "GatherV2"),
        Readme.names(" Gather, `GatherV2` (axis incl. negative, batch_dims) "));
    assertEquals(
        List.of("MatrixDiagPart", "V2", "V3"),
        Readme.names("MatrixDiagPart, V2, V3 (nested (x, y))"));
  }

  @Test
  void theRuntimeOpsAreDeclaredAndHaveNoCpuKernel() {
    Set<String> declared = new TreeSet<>();
    for (Op op : OPS.all()) {
      declared.add(op.name());
    }
    for (String op : RUNTIME_OPS) {
      assertTrue(declared.contains(op), op + " is no longer declared: drop it from RUNTIME_OPS");
      assertFalse(CPU.contains(op), op + " now has a CPU KernelDef: drop it from RUNTIME_OPS");
    }
  }

  @Test
  void eachFamilyHasOneSubsectionInCpuKernelsOrder() {
    assertEquals(
        List.copyOf(FAMILY_ORDER),
        readme.families(),
        "the subsections of \""
            + SECTION
            + "\" must be one per op family, headed \"### <family> — <what it holds> (`ops/<family>/`,"
            + " `kernels/cpu/<family>/`)\", in the order CpuKernels lists the families");
  }

  @Test
  void everyOpIsListedExactlyOnce() {
    Map<String, List<String>> missing = new TreeMap<>();
    List<String> twice = new ArrayList<>();
    for (Map.Entry<String, String> e : EXPECTED.entrySet()) {
      List<String> where = readme.listedUnder.getOrDefault(e.getKey(), List.of());
      if (where.isEmpty()) {
        missing.computeIfAbsent(e.getValue(), f -> new ArrayList<>()).add(e.getKey());
      } else if (where.size() > 1) {
        twice.add(e.getKey() + " (under ### " + String.join(", ### ", where) + ")");
      }
    }
    List<String> problems = new ArrayList<>();
    missing.forEach(
        (family, ops) ->
            problems.add(
                "not listed: "
                    + String.join(", ", ops)
                    + " — add a row under ### "
                    + family
                    + " (dtypes from its KernelDef's type constraints)"));
    if (!twice.isEmpty()) {
      problems.add(
          "listed more than once: "
              + String.join("; ", twice)
              + " — keep one row per op and remove the others");
    }
    assertProblems(problems);
  }

  @Test
  void everyListedNameIsAnOpWithAKernel() {
    List<String> problems = new ArrayList<>();
    for (String cell : readme.firstCells) {
      Matcher m = ABBREVIATION.matcher(cell);
      if (m.find()) {
        problems.add(
            "\""
                + m.group()
                + "\" looks like an abbreviation of several ops — spell each op out in full");
      }
    }
    for (Map.Entry<String, List<String>> e : readme.listedUnder.entrySet()) {
      String name = e.getKey();
      if (EXPECTED.containsKey(name)) {
        continue;
      }
      String where = " (under ### " + String.join(", ### ", e.getValue()) + ")";
      if (internal(name)) {
        problems.add(name + where + " is rawops-internal — remove it from the table");
      } else if (!OP_NAME.matcher(name).matches()) {
        problems.add(
            "\""
                + name
                + "\""
                + where
                + " is not an op name — spell each op out in full, separated by commas"
                + " (\"MatrixDiag, MatrixDiagV2, MatrixDiagV3\"); put remarks in parentheses");
      } else if (OPS.implemented(name)) {
        problems.add(
            name
                + where
                + " is declared but has no CPU kernel and is not run by the runtime — remove it");
      } else {
        problems.add(
            name
                + where
                + " is not an op rawops has a kernel for — remove it or correct its spelling");
      }
    }
    assertProblems(problems);
  }

  @Test
  void eachOpIsListedUnderItsFamily() {
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, List<String>> e : readme.listedUnder.entrySet()) {
      String family = EXPECTED.get(e.getKey());
      if (family == null) {
        continue; // everyListedNameIsAnOpWithAKernel reports it
      }
      for (String under : e.getValue()) {
        if (!under.equals(family)) {
          problems.add(
              e.getKey()
                  + " is listed under ### "
                  + under
                  + " but its family is "
                  + family
                  + " — move it to a row under ### "
                  + family
                  + " (split its row if the row mixes families)");
        }
      }
    }
    assertProblems(problems);
  }

  @Test
  void theTotalsLinesCountTheOps() {
    List<String> problems = new ArrayList<>();
    String all = totals(EXPECTED.keySet());
    if (!all.equals(readme.totals.get(""))) {
      problems.add(
          "the section's intro (before the first ###) must have the line \""
              + all
              + "\", found: "
              + readme.totals.get(""));
    }
    for (String family : FAMILY_ORDER) {
      Set<String> ops = new TreeSet<>();
      EXPECTED.forEach(
          (op, f) -> {
            if (f.equals(family)) {
              ops.add(op);
            }
          });
      String want = totals(ops);
      String got = readme.totals.get(family);
      if (!want.equals(got)) {
        problems.add("### " + family + " must have the line \"" + want + "\", found: " + got);
      }
    }
    Set<String> gpuOnly = new TreeSet<>(GPU);
    gpuOnly.removeAll(CPU);
    if (!gpuOnly.isEmpty()) {
      problems.add(
          "the intro says every op with a GPU kernel also has a CPU kernel; these have none: "
              + String.join(", ", gpuOnly));
    }
    assertProblems(problems);
  }

  /** "Totals: 11 ops with CPU kernels, 3 with GPU kernels." (", 8 run by the runtime" if any). */
  private static String totals(Set<String> ops) {
    long cpu = ops.stream().filter(CPU::contains).count();
    long gpu = ops.stream().filter(GPU::contains).count();
    long runtime = ops.stream().filter(RUNTIME_OPS::contains).count();
    return "Totals: "
        + cpu
        + " ops with CPU kernels, "
        + gpu
        + " with GPU kernels"
        + (runtime > 0 ? ", " + runtime + " run by the runtime" : "")
        + ".";
  }

  private static void assertProblems(List<String> problems) {
    if (!problems.isEmpty()) {
      fail(
          "README.md, \""
              + SECTION
              + "\":\n  "
              + String.join("\n  ", problems)
              + "\n(see the section's intro for how the tables are laid out)");
    }
  }

  /** The section as parsed: subsections' families, where each name is listed, totals lines. */
  private record Readme(
      List<String> families,
      List<String> firstCells,
      Map<String, List<String>> listedUnder,
      Map<String, String> totals) {

    static Readme parse(String text) {
      int start = text.indexOf("\n" + SECTION + "\n");
      assertTrue(start >= 0, "README.md has no \"" + SECTION + "\" section");
      int end = text.indexOf("\n## ", start + 1);
      String section = text.substring(start + 1, end < 0 ? text.length() : end + 1);

      List<String> families = new ArrayList<>();
      List<String> firstCells = new ArrayList<>();
      Map<String, List<String>> listedUnder = new TreeMap<>();
      Map<String, String> totals = new LinkedHashMap<>();
      String family = ""; // the intro, before the first subsection
      List<String> rowsOutside = new ArrayList<>();
      for (String line : section.split("\n", -1)) {
        if (line.startsWith("### ")) {
          String heading = line.substring(4).strip();
          int space = heading.indexOf(' ');
          family = space < 0 ? heading : heading.substring(0, space);
          families.add(family);
          continue;
        }
        Matcher t = TOTALS.matcher(line);
        if (t.find()) {
          String matched = t.group();
          String previous = totals.putIfAbsent(family, matched);
          assertTrue(
              previous == null,
              "two totals lines in "
                  + (family.isEmpty() ? "the intro" : "### " + family)
                  + ": "
                  + previous
                  + " / "
                  + matched);
          continue;
        }
        if (!line.startsWith("|") || line.startsWith("|---") || line.startsWith("| op |")) {
          continue;
        }
        String[] cells = line.split("\\|", -1);
        if (family.isEmpty()) {
          rowsOutside.add(cells[1].strip());
          continue;
        }
        firstCells.add(cells[1].strip());
        for (String name : names(cells[1])) {
          listedUnder.computeIfAbsent(name, n -> new ArrayList<>()).add(family);
        }
      }
      assertEquals(
          List.of(),
          rowsOutside,
          "table rows before the first ### subsection: move them under their family's subsection");
      return new Readme(families, firstCells, listedUnder, totals);
    }

    /** "Gather, GatherV2 (axis, batch_dims)" → [Gather, GatherV2]: remarks dropped. */
    static List<String> names(String cell) {
      StringBuilder bare = new StringBuilder();
      int depth = 0;
      for (int i = 0; i < cell.length(); i++) {
        char c = cell.charAt(i);
        if (c == '(') {
          depth++;
        } else if (c == ')') {
          depth = Math.max(0, depth - 1);
        } else if (depth == 0) {
          bare.append(c);
        }
      }
      List<String> names = new ArrayList<>();
      for (String part : bare.toString().split(",", -1)) {
        String name = part.replace("`", "").replace("*", "").strip();
        if (!name.isEmpty()) {
          names.add(name);
        }
      }
      return names;
    }
  }
}
