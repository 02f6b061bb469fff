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
import org.junit.jupiter.api.Test;

/**
 * The package rules of docs/ARCHITECTURE.md ("Packages and what they may depend on": its package
 * table is these rules' source; change both together), checked on the main classes.
 *
 * <p>Layers, top to bottom: cli; conform and savedmodel; runtime; kernels (the base package, the
 * devices cpu and gpu); ops (the base package and its families); checkpoint, graph and ragged;
 * tensor; memory; the root package dev.rawops, tfproto and fixtureproto. A package depends only on
 * lower layers, never on a peer of its own layer (conform and savedmodel; checkpoint, graph and
 * ragged), and within kernels and ops the packages keep apart as the rules below say.
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

  /** Layers above the checkpoint, graph and ragged packages, which any of them may use. */
  private static final String[] ABOVE_FORMATS = {
    "cli", "conform", "savedmodel", "runtime", "kernels", "ops"
  };

  @Test
  void layersDependOnlyDownward() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("cli")
        .definedBy("dev.rawops.cli..")
        .layer("conform")
        .definedBy("dev.rawops.conform..")
        .layer("savedmodel")
        .definedBy("dev.rawops.savedmodel..")
        .layer("runtime")
        .definedBy("dev.rawops.runtime..")
        .layer("kernels")
        .definedBy("dev.rawops.kernels..")
        .layer("ops")
        .definedBy("dev.rawops.ops..")
        .layer("checkpoint")
        .definedBy("dev.rawops.checkpoint..")
        .layer("graph")
        .definedBy("dev.rawops.graph..")
        .layer("ragged")
        .definedBy("dev.rawops.ragged..")
        .layer("tensor")
        .definedBy("dev.rawops.tensor..")
        .layer("memory")
        .definedBy("dev.rawops.memory..")
        .layer("base")
        .definedBy("dev.rawops", "dev.rawops.tfproto..", "dev.rawops.fixtureproto..")
        .whereLayer("cli")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("conform")
        .mayOnlyBeAccessedByLayers("cli")
        .whereLayer("savedmodel")
        .mayOnlyBeAccessedByLayers("cli")
        .whereLayer("runtime")
        .mayOnlyBeAccessedByLayers("cli", "conform", "savedmodel")
        .whereLayer("kernels")
        .mayOnlyBeAccessedByLayers("cli", "conform", "savedmodel", "runtime")
        .whereLayer("ops")
        .mayOnlyBeAccessedByLayers("cli", "conform", "savedmodel", "runtime", "kernels")
        .whereLayer("checkpoint")
        .mayOnlyBeAccessedByLayers(ABOVE_FORMATS)
        .whereLayer("graph")
        .mayOnlyBeAccessedByLayers(ABOVE_FORMATS)
        .whereLayer("ragged")
        .mayOnlyBeAccessedByLayers(ABOVE_FORMATS)
        .whereLayer("tensor")
        .mayOnlyBeAccessedByLayers(
            "cli",
            "conform",
            "savedmodel",
            "runtime",
            "kernels",
            "ops",
            "checkpoint",
            "graph",
            "ragged")
        .whereLayer("memory")
        .mayOnlyBeAccessedByLayers(
            "cli",
            "conform",
            "savedmodel",
            "runtime",
            "kernels",
            "ops",
            "checkpoint",
            "graph",
            "ragged",
            "tensor")
        .check(MAIN);
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
