package dev.rawops.ops;

import java.util.List;

/**
 * One op family's table of contents: the ops declared in its package {@code
 * dev.rawops.ops.<family>} (see docs/ARCHITECTURE.md, "Op families"). Each family has exactly one,
 * named {@code <Family>Ops}, listed in {@code META-INF/services/dev.rawops.ops.OpFamily}; {@link
 * OpRegistry#builtIn()} finds them through {@link java.util.ServiceLoader}, so the base package
 * never names a family.
 */
public interface OpFamily {
  /** The family's ops, each with its schema, attr checks and shape function. */
  List<Op> ops();
}
