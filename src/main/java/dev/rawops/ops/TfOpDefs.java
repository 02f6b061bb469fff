package dev.rawops.ops;

import com.google.common.collect.ImmutableMap;
import dev.rawops.tfproto.OpDef;
import dev.rawops.tfproto.OpList;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * TensorFlow 2.18's whole op registry (1,788 OpDefs, docs stripped), generated from TF's own
 * registry by {@code tfgen.DumpOpRegistry} into {@code tf-ops.pb}. Every node is resolved against
 * it, so an op TF does not know is NOT_FOUND at build time, as in TF, and an op rawops has no
 * kernel for is still checked (attrs, dtypes, input counts).
 */
public final class TfOpDefs {
  private static final ImmutableMap<String, OpDef> DEFS = load();

  private TfOpDefs() {}

  private static ImmutableMap<String, OpDef> load() {
    try (InputStream in = TfOpDefs.class.getResourceAsStream("tf-ops.pb")) {
      if (in == null) {
        throw new IllegalStateException("resource dev/rawops/ops/tf-ops.pb is missing");
      }
      ImmutableMap.Builder<String, OpDef> b = ImmutableMap.builder();
      for (OpDef d : OpList.parseFrom(in).getOpList()) {
        b.put(d.getName(), d);
      }
      return b.buildOrThrow();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** TF's OpDef of {@code name}, if TF 2.18 registers such an op. */
  public static Optional<OpDef> get(String name) {
    return Optional.ofNullable(DEFS.get(name));
  }

  /** How many ops TF 2.18 registers. */
  public static int size() {
    return DEFS.size();
  }
}
