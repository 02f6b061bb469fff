package dev.rawops.kernels.cpu.support;

import com.google.common.base.Splitter;
import com.google.common.collect.ImmutableListMultimap;
import dev.rawops.tensor.DType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * TF 2.18's CPU kernel registrations ({@code tf-cpu-kernels.txt}, dumped from TF's registry), so a
 * family registers exactly the dtypes TF does instead of a hand-copied list.
 */
public final class TfCpuKernels {
  private static final ImmutableListMultimap<String, String> LINES = load();

  private TfCpuKernels() {}

  private static ImmutableListMultimap<String, String> load() {
    ImmutableListMultimap.Builder<String, String> b = ImmutableListMultimap.builder();
    try (InputStream in =
            TfCpuKernels.class.getResourceAsStream("/dev/rawops/ops/tf-cpu-kernels.txt");
        BufferedReader r =
            new BufferedReader(
                new InputStreamReader(
                    java.util.Objects.requireNonNull(in, "tf-cpu-kernels.txt"),
                    StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        int sp = line.indexOf(' ');
        b.put(sp < 0 ? line : line.substring(0, sp), sp < 0 ? "" : line.substring(sp + 1));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return b.build();
  }

  /** The dtypes rawops can hold that TF registers a CPU kernel of {@code op} for, for attr T. */
  public static List<DType> dtypes(String op, String attr) {
    Set<DType> out = new LinkedHashSet<>();
    for (String constraints : LINES.get(op)) {
      for (String c : Splitter.on(' ').split(constraints)) {
        if (c.startsWith(attr + "=")) {
          for (String name : Splitter.on('|').split(c.substring(attr.length() + 1))) {
            for (DType d : DType.dataTypes()) {
              if (d.tfName().equals(name)) {
                out.add(d);
              }
            }
          }
        }
      }
    }
    return new ArrayList<>(out);
  }

  /** True when TF registers some CPU kernel for {@code op}. */
  static boolean registered(String op) {
    return LINES.containsKey(op);
  }
}
