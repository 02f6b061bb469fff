package dev.rawops.ops.core;

import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import java.util.List;

/**
 * The Core op family: what every graph is made of — Const, Placeholder, PlaceholderWithDefault,
 * Identity, IdentityN, NoOp and Snapshot, one file each.
 */
public final class CoreOps implements OpFamily {
  @Override
  public List<Op> ops() {
    return List.of(
        new ConstOp(),
        new IdentityNOp(),
        new IdentityOp(),
        new NoOpOp(),
        new PlaceholderOp(),
        new PlaceholderWithDefaultOp(),
        new SnapshotOp());
  }
}
