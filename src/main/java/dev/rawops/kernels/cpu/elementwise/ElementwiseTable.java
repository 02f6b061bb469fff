package dev.rawops.kernels.cpu.elementwise;

import dev.rawops.kernels.cpu.elementwise.CpuElementwise.Entry;
import java.util.ArrayList;
import java.util.List;

/**
 * The elementwise ops as data: one {@link Entry} per op (or per group of ops with one definition),
 * each giving its function per lane. Hot arithmetic is written as explicit loops so each chunk runs
 * without a call per element; transcendental functions use per-element lambdas.
 *
 * <p>The entries live in one file per group of ops: {@link UnaryEntries}, {@link CpuBucketize},
 * {@link BinaryArithmeticEntries}, {@link GuardedBinaryEntries}, {@link ComparisonEntries} and
 * {@link NaryEntries}.
 */
final class ElementwiseTable {
  private ElementwiseTable() {}

  /** Every entry, in registration order: unary, binary arithmetic, comparisons, n-ary. */
  static List<Entry> entries() {
    List<Entry> all = new ArrayList<>(UnaryEntries.entries());
    all.add(CpuBucketize.entry());
    all.addAll(BinaryArithmeticEntries.entries());
    all.addAll(GuardedBinaryEntries.entries());
    all.addAll(ComparisonEntries.entries());
    all.addAll(NaryEntries.entries());
    return List.copyOf(all);
  }
}
