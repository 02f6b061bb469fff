package dev.rawops.kernels.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Lists;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.KernelRegistry;
import dev.rawops.kernels.TfCpuRegistrations;
import dev.rawops.tensor.DType;
import dev.rawops.tfproto.DataType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every CPU kernel rawops registers accepts only dtypes TF 2.18 registers a CPU kernel of its op
 * for ({@code tf-cpu-kernels.txt}, read by {@link TfCpuRegistrations}): for each type attr it
 * constrains, and for each combination of them. A dtype TF has no CPU kernel for must fail as TF
 * fails ("No OpKernel was registered"), not compute something TF never does.
 */
class CpuDtypesWithinTfTest {
  private static final String DEVICE_DEFAULT =
      "TF 2.18 registers its kernel for DEVICE_DEFAULT (any device), not DEVICE_CPU: the CPU dump"
          + " has no line for it";

  /** CPU kernels of ops TF registers no CPU kernel for in the dump, and why. */
  private static final ImmutableMap<String, String> NOT_IN_TF_CPU_DUMP =
      ImmutableMap.of(
          "NoOp", DEVICE_DEFAULT,
          "IdentityN", DEVICE_DEFAULT,
          "ControlTrigger", DEVICE_DEFAULT,
          "NextIteration", DEVICE_DEFAULT,
          "Assert", DEVICE_DEFAULT,
          "AccumulateNV2",
              "TF has no kernel for it: a graph pass rewrites it before kernels are chosen; rawops"
                  + " runs it as AddN");

  /** Kernels registered for more combinations of their type attrs than TF, and why. */
  private static final ImmutableMap<String, String> WIDER_COMBINATIONS =
      ImmutableMap.of(
          "BatchMatMulV3",
          "Ta, Tb and Tout are registered independently; the kernel refuses a combination TF does"
              + " not register when it is created, with TF's message");

  /** The CPU kernels of {@link KernelRegistry#builtIn()}: its CPU provider's. */
  private static List<KernelDef> cpuDefs() {
    List<KernelDef> defs = new CpuKernels().kernels();
    for (KernelDef d : defs) {
      assertTrue(KernelRegistry.builtIn().describe(d.op()).contains(d.describe()), d.describe());
    }
    return defs;
  }

  @Test
  void everyConstrainedAttrListsOnlyTfCpuDtypes() {
    Set<String> wider = new TreeSet<>();
    Set<String> missing = new TreeSet<>();
    for (KernelDef d : cpuDefs()) {
      if (!TfCpuRegistrations.registers(d.op())) {
        missing.add(d.op());
        continue;
      }
      d.typeConstraints()
          .forEach(
              (attr, types) -> {
                Set<DType> tf = TfCpuRegistrations.dtypes(d.op(), attr);
                List<String> extra =
                    types.stream()
                        .map(DType::fromProto)
                        .filter(t -> !tf.contains(t))
                        .map(DType::tfName)
                        .toList();
                if (!extra.isEmpty()) {
                  wider.add(
                      d.op()
                          + " "
                          + attr
                          + ": "
                          + extra
                          + " (TF's CPU kernels: "
                          + tf.stream().map(DType::tfName).toList()
                          + ")");
                }
              });
    }
    assertEquals(
        Set.of(),
        wider,
        "CPU kernels registered for dtypes TF 2.18 has no CPU kernel of the op for");
    missing.removeAll(NOT_IN_TF_CPU_DUMP.keySet());
    assertEquals(
        Set.of(),
        missing,
        "CPU kernels of ops TF 2.18 registers no CPU kernel for (list them in NOT_IN_TF_CPU_DUMP"
            + " with the reason)");
  }

  @Test
  void everyCombinationOfConstrainedAttrsIsOneTfRegisters() {
    Set<String> wider = new TreeSet<>();
    for (KernelDef d : cpuDefs()) {
      if (!TfCpuRegistrations.registers(d.op()) || WIDER_COMBINATIONS.containsKey(d.op())) {
        continue;
      }
      List<String> attrs = new ArrayList<>(d.typeConstraints().keySet());
      List<List<DataType>> choices =
          attrs.stream().map(a -> List.copyOf(d.typeConstraints().get(a))).toList();
      for (List<DataType> combination : Lists.cartesianProduct(choices)) {
        Map<String, DType> types = new LinkedHashMap<>();
        for (int i = 0; i < attrs.size(); i++) {
          types.put(attrs.get(i), DType.fromProto(combination.get(i)));
        }
        if (!TfCpuRegistrations.registers(d.op(), types)) {
          StringBuilder sb = new StringBuilder(d.op());
          types.forEach((a, t) -> sb.append(' ').append(a).append('=').append(t.tfName()));
          wider.add(sb.toString());
        }
      }
    }
    assertEquals(Set.of(), wider, "combinations TF 2.18 registers no CPU kernel for");
  }

  /** The lists above name only kernels rawops registers and TF's dump lacks or limits. */
  @Test
  void exceptionsAreCurrent() {
    Set<String> ops = new TreeSet<>();
    cpuDefs().forEach(d -> ops.add(d.op()));
    for (String op : NOT_IN_TF_CPU_DUMP.keySet()) {
      assertTrue(ops.contains(op) && !TfCpuRegistrations.registers(op), op);
    }
    for (String op : WIDER_COMBINATIONS.keySet()) {
      assertTrue(ops.contains(op) && TfCpuRegistrations.registers(op), op);
    }
  }
}
