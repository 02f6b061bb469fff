package dev.rawops.tfgen;

import dev.rawops.fixtureproto.Tolerance;
import java.util.List;
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
   * How the fixture of {@code c} compares floats: null (the default) for bit for bit; a tolerance
   * only where TensorFlow itself is not bit-reproducible (its vectorized and scalar code paths of a
   * transcendental function differ in the last bits), said in the family's documentation.
   */
  default Tolerance tolerance(Case c) {
    return null;
  }
}
