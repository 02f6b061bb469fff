package dev.rawops.tfgen;

import dev.rawops.fixtureproto.Tolerance;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * The cases of one op (or one theme), written under {@code graphs/conformance/<directory>/}. Must
 * be deterministic for a given Random: the same seed regenerates the same files byte for byte.
 */
public interface CaseFamily {
  /** Directory under graphs/conformance, e.g. "gather_nd". */
  String directory();

  List<Case> cases(Random random);

  /**
   * The tolerance a case's fixture states, where TF's float computation cannot be reproduced bit
   * for bit; none (exact) by default.
   */
  default Optional<Tolerance> tolerance(Case c) {
    return Optional.empty();
  }
}
