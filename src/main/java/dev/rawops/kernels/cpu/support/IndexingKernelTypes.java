package dev.rawops.kernels.cpu.support;

import com.google.common.base.Splitter;
import dev.rawops.tensor.DType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The dtypes TF 2.18 registers a CPU kernel for, per op and type attr, read from {@code
 * tf-cpu-kernels.txt}; only the dtypes rawops has tensors for (no quantized, float8, resource or
 * variant).
 */
public final class IndexingKernelTypes {
  private IndexingKernelTypes() {}

  /** The rawops dtypes TF registers for {@code attr} of {@code op}'s CPU kernels. */
  public static DType[] of(String op, String attr) {
    Set<DType> out = EnumSet.noneOf(DType.class);
    String prefix = op + " ";
    for (String line : Lines.ALL) {
      if (!line.startsWith(prefix)) {
        continue;
      }
      for (String part : Splitter.on(' ').split(line.substring(prefix.length()))) {
        int eq = part.indexOf('=');
        if (eq > 0 && part.substring(0, eq).equals(attr)) {
          for (String t : Splitter.on('|').split(part.substring(eq + 1))) {
            for (DType d : DType.values()) {
              if (d.tfName().equals(t) && !d.isObject()) {
                out.add(d);
              }
            }
          }
        }
      }
    }
    if (out.isEmpty()) {
      throw new IllegalStateException("no TF CPU kernel types for " + op + " " + attr);
    }
    return out.toArray(DType[]::new);
  }

  /** The registration lines, read once. */
  private static final class Lines {
    static final List<String> ALL = read();

    private static List<String> read() {
      try (InputStream in = DType.class.getResourceAsStream("/dev/rawops/ops/tf-cpu-kernels.txt");
          BufferedReader r =
              new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        return r.lines().toList();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
