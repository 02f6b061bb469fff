package dev.rawops.kernels.cpu.elementwise;

import static dev.rawops.kernels.cpu.support.Denormals.flush;

import dev.rawops.kernels.cpu.elementwise.CpuElementwise.Entry;
import dev.rawops.kernels.cpu.support.SegmentOp;
import java.util.List;

/** The comparison, logical and bitwise entries of {@link ElementwiseTable}. */
final class ComparisonEntries {
  private ComparisonEntries() {}

  static List<Entry> entries() {
    return List.of(
        // ---- comparisons
        compare("Less", SegmentOp.LESS, c -> c < 0),
        compare("LessEqual", SegmentOp.LESS_EQUAL, c -> c <= 0),
        compare("Greater", SegmentOp.GREATER, c -> c > 0),
        compare("GreaterEqual", SegmentOp.GREATER_EQUAL, c -> c >= 0),
        new Entry("Equal")
            .simd(SegmentOp.EQUAL)
            .fb2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = flush(x[i]) == flush(y[i]) ? 1 : 0;
                  }
                })
            .db2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] == y[i] ? 1 : 0;
                  }
                })
            .imap2(_ -> (x, y) -> x == y ? 1 : 0)
            .cb2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[2 * i] == y[2 * i] && x[2 * i + 1] == y[2 * i + 1] ? 1 : 0;
                  }
                }),
        new Entry("NotEqual")
            .simd(SegmentOp.NOT_EQUAL)
            .fb2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = flush(x[i]) != flush(y[i]) ? 1 : 0;
                  }
                })
            .db2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] != y[i] ? 1 : 0;
                  }
                })
            .imap2(_ -> (x, y) -> x != y ? 1 : 0)
            .cb2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[2 * i] != y[2 * i] || x[2 * i + 1] != y[2 * i + 1] ? 1 : 0;
                  }
                }),
        // ---- logic and bits
        new Entry("LogicalAnd").imap2(_ -> (x, y) -> x & y),
        new Entry("LogicalOr").imap2(_ -> (x, y) -> x | y),
        new Entry("BitwiseAnd").imap2(_ -> (x, y) -> x & y),
        new Entry("BitwiseOr").imap2(_ -> (x, y) -> x | y),
        new Entry("BitwiseXor").imap2(_ -> (x, y) -> x ^ y),
        new Entry("LeftShift").imap2(k -> (x, y) -> x << ElementwiseMath.shiftAmount(y, k)),
        new Entry("RightShift")
            .imap2(
                k ->
                    k.u64()
                        ? (x, y) -> x >>> ElementwiseMath.shiftAmount(y, k)
                        : (x, y) -> x >> ElementwiseMath.shiftAmount(y, k)));
  }

  @FunctionalInterface
  private interface IntPredicate {
    boolean test(int c);
  }

  private static Entry compare(String name, SegmentOp op, IntPredicate p) {
    return new Entry(name)
        .simd(op)
        .fb2(
            (x, y, o, n) -> {
              for (int i = 0; i < n; i++) {
                float a = flush(x[i]);
                float b = flush(y[i]);
                // NaN compares false both ways, as C++'s operators.
                o[i] =
                    Double.isNaN(a) || Double.isNaN(b)
                        ? 0
                        : p.test(a < b ? -1 : a > b ? 1 : 0) ? 1 : 0;
              }
            })
        .db2(
            (x, y, o, n) -> {
              for (int i = 0; i < n; i++) {
                double a = x[i];
                double b = y[i];
                o[i] =
                    Double.isNaN(a) || Double.isNaN(b)
                        ? 0
                        : p.test(a < b ? -1 : a > b ? 1 : 0) ? 1 : 0;
              }
            })
        .imap2(k -> (x, y) -> p.test(ElementwiseMath.compare(x, y, k.u64())) ? 1 : 0);
  }
}
