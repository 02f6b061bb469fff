package dev.rawops.kernels.cpu.support;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.tensor.DType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * TF 2.18's CPU kernel registrations ({@code tf-cpu-kernels.txt}) as rawops type constraints: for
 * an op, the union of the dtypes TF registers per type attr, restricted to the dtypes rawops holds
 * as data. A registration without constraints accepts every type (then no constraint is set).
 */
public final class TfCpuTypes {
  private static final Map<String, List<String>> LINES = load();

  private TfCpuTypes() {}

  private static Map<String, List<String>> load() {
    Map<String, List<String>> m = new HashMap<>();
    try (InputStream in =
            TfCpuTypes.class.getResourceAsStream("/dev/rawops/ops/tf-cpu-kernels.txt");
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        int sp = line.indexOf(' ');
        String op = sp < 0 ? line : line.substring(0, sp);
        m.computeIfAbsent(op, k -> new ArrayList<>()).add(sp < 0 ? "" : line.substring(sp + 1));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return m;
  }

  /** A builder for {@code op}'s CPU kernel with TF's type constraints. */
  public static KernelDef.Builder builder(String op) {
    KernelDef.Builder b = KernelDef.builder(op, Device.CPU);
    Map<String, Set<DType>> types = new LinkedHashMap<>();
    List<String> lines = LINES.get(op);
    if (lines == null) {
      throw new IllegalStateException("TF registers no CPU kernel for " + op);
    }
    for (String l : lines) {
      if (l.isEmpty()) {
        return b;
      }
      for (String part : com.google.common.base.Splitter.on(' ').split(l)) {
        int eq = part.indexOf('=');
        String attr = part.substring(0, eq);
        String value = part.substring(eq + 1);
        if (value.startsWith("\"")) {
          continue;
        }
        Set<DType> set = types.computeIfAbsent(attr, k -> EnumSet.noneOf(DType.class));
        for (DType d : DType.dataTypes()) {
          if (d.tfName().equals(value)) {
            set.add(d);
          }
        }
      }
    }
    types.forEach((attr, set) -> b.typeConstraint(attr, set.toArray(DType[]::new)));
    return b;
  }
}
