package dev.rawops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.CpuKernels;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.OpRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The rule of docs/ARCHITECTURE.md ("Op families") that makes an op findable by folder and name: op
 * X of family F is declared in {@code ops/F/} and listed by {@code ops/F/<F>Ops}; its CPU kernels
 * are in {@code kernels/cpu/F/}, listed by {@code kernels/cpu/F/<F>Kernels}.
 */
class FamilyLayoutTest {
  private static final OpRegistry OPS = OpRegistry.builtIn();

  private static List<OpFamily> families() {
    List<OpFamily> found = new ArrayList<>();
    ServiceLoader.load(OpFamily.class).forEach(found::add);
    return found;
  }

  @Test
  void eachFamilyHasOneIndexNamedForItsPackageAndACpuKernelIndex() throws Exception {
    TreeSet<String> names = new TreeSet<>();
    for (OpFamily f : families()) {
      String pkg = f.getClass().getPackageName();
      String family = pkg.substring(pkg.lastIndexOf('.') + 1);
      assertEquals("dev.rawops.ops." + family, pkg);
      assertTrue(names.add(family), "two OpFamily indexes in " + pkg);
      assertEquals(
          indexName(family, "Ops"),
          f.getClass().getSimpleName(),
          "the index of " + pkg + " is named for its family");
      Class<?> kernels =
          Class.forName("dev.rawops.kernels.cpu." + family + "." + indexName(family, "Kernels"));
      kernels.getMethod("defs");
    }
    assertTrue(names.size() >= 15, "families found: " + names);
  }

  @Test
  void everyCpuKernelLivesInItsOpsFamily() {
    List<String> misplaced = new ArrayList<>();
    for (KernelDef d : new CpuKernels().kernels()) {
      String family = OPS.family(d.op()).orElse("<none>");
      String where = d.factory().getClass().getPackageName();
      if (!where.equals("dev.rawops.kernels.cpu." + family)) {
        misplaced.add(d.op() + " (family " + family + ") registered in " + where);
      }
    }
    assertEquals(List.of(), misplaced);
  }

  /** "controlflow" → "ControlFlow": the family's name as its index classes spell it. */
  private static String indexName(String family, String suffix) {
    String camel =
        switch (family) {
          case "controlflow" -> "ControlFlow";
          default -> Character.toUpperCase(family.charAt(0)) + family.substring(1);
        };
    return camel + suffix;
  }
}
