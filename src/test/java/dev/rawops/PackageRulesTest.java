package dev.rawops;

import static com.tngtech.archunit.base.DescribedPredicate.alwaysTrue;
import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The package rules of docs/ARCHITECTURE.md ("Packages and what they may depend on": its package
 * table is these rules' source; change both together), checked on the main classes.
 *
 * <p>Layers, top to bottom: cli; conform; savedmodel; runtime; kernels (the base package, the
 * devices cpu and gpu); ops (the base package and its families); checkpoint, graph and ragged;
 * tensor; memory; the root package dev.rawops, tfproto and fixtureproto. A package depends only on
 * lower layers, never on a peer of its own layer (checkpoint, graph and ragged), and within kernels
 * and ops the packages keep apart as the rules below say.
 */
class PackageRulesTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.rawops");

  /** A CPU kernel family package: a subpackage of kernels.cpu other than support. */
  private static final DescribedPredicate<JavaClass> CPU_FAMILY =
      resideInAPackage("dev.rawops.kernels.cpu.*..")
          .and(not(resideInAPackage("dev.rawops.kernels.cpu.support..")))
          .as("a CPU kernel family (dev.rawops.kernels.cpu.<family>)");

  /**
   * The layers, top to bottom, each a list of peers (a layer's packages; "base" is the root package
   * and the generated protobuf packages). A layer may use only the layers below it.
   */
  private static final List<List<String>> LAYERS =
      List.of(
          List.of("cli"),
          List.of("conform"),
          List.of("savedmodel"),
          List.of("runtime"),
          List.of("kernels"),
          List.of("ops"),
          List.of("checkpoint", "graph", "ragged"),
          List.of("tensor"),
          List.of("memory"),
          List.of("base"));

  private static String[] packagesOf(String layer) {
    return layer.equals("base")
        ? new String[] {"dev.rawops", "dev.rawops.tfproto..", "dev.rawops.fixtureproto.."}
        : new String[] {"dev.rawops." + layer + ".."};
  }

  @Test
  void layersDependOnlyDownward() {
    Architectures.LayeredArchitecture rule =
        layeredArchitecture().consideringOnlyDependenciesInLayers();
    for (List<String> peers : LAYERS) {
      for (String layer : peers) {
        rule = rule.layer(layer).definedBy(packagesOf(layer));
      }
    }
    List<String> above = new ArrayList<>();
    for (List<String> peers : LAYERS) {
      for (String layer : peers) {
        rule =
            above.isEmpty()
                ? rule.whereLayer(layer).mayNotBeAccessedByAnyLayer()
                : rule.whereLayer(layer).mayOnlyBeAccessedByLayers(above.toArray(String[]::new));
      }
      above.addAll(peers);
    }
    rule.check(MAIN);
  }

  @Test
  void topLevelPackagesAreFreeOfCycles() {
    slices().matching("dev.rawops.(*)..").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void opsBaseDependsOnNoOpsFamily() {
    noClasses()
        .that()
        .resideInAPackage("dev.rawops.ops")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.rawops.ops.*..")
        .check(MAIN);
  }

  @Test
  void opsFamiliesDoNotDependOnEachOther() {
    slices().matching("dev.rawops.ops.(*)..").should().notDependOnEachOther().check(MAIN);
  }

  @Test
  void cpuKernelFamiliesDoNotDependOnEachOther() {
    slices()
        .matching("dev.rawops.kernels.cpu.(*)..")
        .should()
        .notDependOnEachOther()
        .ignoreDependency(alwaysTrue(), resideInAPackage("dev.rawops.kernels.cpu.support.."))
        .check(MAIN);
  }

  @Test
  void cpuSupportDependsOnNoCpuFamily() {
    noClasses()
        .that()
        .resideInAPackage("dev.rawops.kernels.cpu.support..")
        .should()
        .dependOnClassesThat(CPU_FAMILY)
        .check(MAIN);
  }

  @Test
  void cpuFamiliesDoNotNameTheCpuProvider() {
    noClasses()
        .that()
        .resideInAPackage("dev.rawops.kernels.cpu.*..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.rawops.kernels.cpu")
        .check(MAIN);
  }

  @Test
  void kernelsBaseNamesNoDevice() {
    noClasses()
        .that()
        .resideInAPackage("dev.rawops.kernels")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.rawops.kernels.cpu..", "dev.rawops.kernels.gpu..")
        .because("providers are found through ServiceLoader (META-INF/services)")
        .check(MAIN);
  }

  @Test
  void cpuAndGpuDoNotDependOnEachOther() {
    noClasses()
        .that()
        .resideInAPackage("dev.rawops.kernels.cpu..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.rawops.kernels.gpu..")
        .check(MAIN);
    noClasses()
        .that()
        .resideInAPackage("dev.rawops.kernels.gpu..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.rawops.kernels.cpu..")
        .check(MAIN);
  }

  @Test
  void nothingOutsideKernelsNamesADevicePackage() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.rawops.kernels..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.rawops.kernels.cpu..", "dev.rawops.kernels.gpu..")
        .because(
            "runtime, conform, savedmodel and cli see kernels only through the dev.rawops.kernels"
                + " base (KernelRegistry, KernelProvider, Kernel, KernelContext)")
        .check(MAIN);
  }
}
