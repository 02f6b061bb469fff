package dev.rawops.kernels;

import com.google.common.base.Splitter;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableListMultimap;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import com.google.common.collect.ImmutableSortedSet;
import com.google.common.collect.Sets;
import dev.rawops.tensor.DType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * TensorFlow 2.18's CPU kernel registrations, the one reader of {@code tf-cpu-kernels.txt} (written
 * by {@code DumpOpRegistry} from TF's own registry). Each line of the file is one registration: the
 * op, then its constraints as {@code attr=v1|v2} (dtype names; quoted values for string attrs;
 * nothing for attrs of other kinds), then {@code label=L} for a labelled kernel. A registration
 * without a constraint on an attr accepts every type for it.
 *
 * <p>Only unlabelled registrations count: TF picks a labelled kernel only for a node that asks for
 * its label, which rawops never does. Types rawops has no tensors for (quantized, float8, int4) are
 * left out. The file is read once, on first use.
 *
 * <p>Kernels say "exactly TF's CPU dtypes" with {@link KernelDef.Builder#tfCpuTypes}.
 */
public final class TfCpuRegistrations {
  private static final String RESOURCE = "/dev/rawops/ops/tf-cpu-kernels.txt";

  private TfCpuRegistrations() {}

  /** True when TF registers some (unlabelled) CPU kernel for {@code op}. */
  public static boolean registers(String op) {
    return Loaded.BY_OP.containsKey(op);
  }

  /**
   * Every op TF registers some CPU kernel for, labelled kernels included (TF's oneDNN ops have only
   * labelled ones), sorted.
   */
  public static ImmutableSortedSet<String> ops() {
    return Loaded.ALL_OPS;
  }

  /** The type attrs that some CPU registration of {@code op} constrains, sorted. */
  public static ImmutableSortedSet<String> typeAttrs(String op) {
    ImmutableSortedSet.Builder<String> attrs = ImmutableSortedSet.naturalOrder();
    for (Map<String, ImmutableSet<DType>> r : Loaded.BY_OP.get(op)) {
      attrs.addAll(r.keySet());
    }
    return attrs.build();
  }

  /**
   * The dtypes, in {@link DType} order, for which TF registers a CPU kernel of {@code op} with
   * {@code attr} of that type: every dtype when some registration leaves {@code attr}
   * unconstrained, none when TF registers no CPU kernel for {@code op}.
   */
  public static ImmutableSet<DType> dtypes(String op, String attr) {
    Set<DType> out = EnumSet.noneOf(DType.class);
    for (Map<String, ImmutableSet<DType>> r : Loaded.BY_OP.get(op)) {
      ImmutableSet<DType> allowed = r.get(attr);
      if (allowed == null) {
        return Sets.immutableEnumSet(EnumSet.allOf(DType.class));
      }
      out.addAll(allowed);
    }
    return Sets.immutableEnumSet(out);
  }

  /**
   * True when one CPU registration of {@code op} accepts all of {@code types} (attr to dtype)
   * together: TF registers multi-attr kernels per combination (BatchMatMulV3's Ta, Tb and Tout).
   */
  public static boolean registers(String op, Map<String, DType> types) {
    for (Map<String, ImmutableSet<DType>> r : Loaded.BY_OP.get(op)) {
      if (types.entrySet().stream()
          .allMatch(t -> !r.containsKey(t.getKey()) || r.get(t.getKey()).contains(t.getValue()))) {
        return true;
      }
    }
    return false;
  }

  /** The registrations by op, each a map from constrained type attr to its allowed dtypes. */
  private static final class Loaded {
    static final ImmutableListMultimap<String, ImmutableMap<String, ImmutableSet<DType>>> BY_OP =
        read();
    static final ImmutableSortedSet<String> ALL_OPS = allOps();

    private static ImmutableSortedSet<String> allOps() {
      ImmutableSortedSet.Builder<String> out = ImmutableSortedSet.naturalOrder();
      for (String line : lines()) {
        if (!line.isBlank() && !line.startsWith("#")) {
          int space = line.indexOf(' ');
          out.add(space < 0 ? line : line.substring(0, space));
        }
      }
      return out.build();
    }

    private static ImmutableListMultimap<String, ImmutableMap<String, ImmutableSet<DType>>> read() {
      Map<String, DType> byName = new java.util.HashMap<>();
      for (DType d : DType.values()) {
        byName.put(d.tfName(), d);
      }
      var out = ImmutableListMultimap.<String, ImmutableMap<String, ImmutableSet<DType>>>builder();
      for (String line : lines()) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        List<String> parts = Splitter.on(' ').splitToList(line);
        ImmutableMap.Builder<String, ImmutableSet<DType>> types = ImmutableMap.builder();
        boolean labelled = false;
        for (String part : parts.subList(1, parts.size())) {
          int eq = part.indexOf('=');
          String attr = part.substring(0, eq);
          String values = part.substring(eq + 1);
          if (attr.equals("label")) {
            labelled = true;
          } else if (!values.isEmpty() && !values.startsWith("\"")) {
            EnumSet<DType> allowed = EnumSet.noneOf(DType.class);
            for (String name : Splitter.on('|').split(values)) {
              DType d = byName.get(name);
              if (d != null) {
                allowed.add(d);
              }
            }
            types.put(attr, Sets.immutableEnumSet(allowed));
          }
        }
        if (!labelled) {
          out.put(parts.get(0), types.buildOrThrow());
        }
      }
      return out.build();
    }

    private static ImmutableList<String> lines() {
      try (InputStream in = TfCpuRegistrations.class.getResourceAsStream(RESOURCE);
          BufferedReader r =
              new BufferedReader(
                  new InputStreamReader(
                      Objects.requireNonNull(in, RESOURCE), StandardCharsets.UTF_8))) {
        return ImmutableList.copyOf(r.lines().iterator());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
