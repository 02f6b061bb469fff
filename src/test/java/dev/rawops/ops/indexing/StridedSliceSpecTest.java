package dev.rawops.ops.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Signature;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The shared canonicalisation on its own. Expected values are TF's: the seed page's worked example,
 * the comments and rules of TF's ValidateStridedSliceOp (dense expansion, clamping to [0, dim] or
 * [-1, dim - 1], sizes ceil(len / stride)), and Python's slice semantics.
 */
class StridedSliceSpecTest {
  static final NodeInfo NODE =
      new NodeInfo() {
        @Override
        public String name() {
          return "s";
        }

        @Override
        public String op() {
          return "StridedSlice";
        }

        @Override
        public Signature signature() {
          throw new UnsupportedOperationException();
        }

        @Override
        public PartialShape inputShape(int i) {
          throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Tensor> constantInput(int i) {
          throw new UnsupportedOperationException();
        }
      };

  private static long[] v(long... x) {
    return x;
  }

  private static StridedSliceSpec spec(
      PartialShape in, long[] b, long[] e, long[] s, int... masks) {
    int[] m = java.util.Arrays.copyOf(masks, 5);
    return StridedSliceSpec.of(
        NODE, new StridedSliceMasks(m[0], m[1], m[2], m[3], m[4]), in, b, e, s);
  }

  private static long[] begins(StridedSliceSpec s) {
    long[] out = new long[s.rank()];
    for (int i = 0; i < out.length; i++) {
      out[i] = s.begin(i);
    }
    return out;
  }

  private static long[] ends(StridedSliceSpec s) {
    long[] out = new long[s.rank()];
    for (int i = 0; i < out.length; i++) {
      out[i] = s.end(i);
    }
    return out;
  }

  @Test
  void workedExample_expandsToOneTriplePerInputDim() {
    StridedSliceSpec s =
        spec(
            PartialShape.of(5, 5, 5, 5, 5, 5),
            v(1, 2, 0, 0, 0, 0),
            v(2, 4, 0, 0, -3, 0),
            v(1, 1, 1, 1, -1, 1),
            48,
            32,
            8,
            4,
            1);
    assertArrayEquals(v(1, 2, 0, 0, 4, 0), begins(s));
    assertArrayEquals(v(2, 4, 5, 5, 2, 5), ends(s));
    assertEquals(-1, s.stride(4));
    assertEquals(PartialShape.of(1, 2, 5, 5, 2, 5), s.processingShape());
    assertEquals(PartialShape.of(2, 1, 5, 5, 2, 5), s.finalShape());
    assertArrayEquals(new int[] {1, StridedSliceSpec.NEW_AXIS, 2, 3, 4, 5}, s.outputToProcessing());
    assertArrayEquals(
        new int[] {0, 1, -1, -1, 4, 5},
        new int[] {
          s.entryOf(0), s.entryOf(1), s.entryOf(2), s.entryOf(3), s.entryOf(4), s.entryOf(5)
        });
    assertTrue(s.isShrink(0));
    assertFalse(s.isIdentity());
  }

  @Test
  void shrinkAtBothEndsOfAnEllipsis_tfComment_10x10x10x10() {
    // TF: foo[3, ..., 5] on (10,10,10,10) has dense shrink mask 0x9 and final shape (10,10).
    StridedSliceSpec s =
        spec(PartialShape.of(10, 10, 10, 10), v(3, 0, 5), v(4, 0, 6), v(1, 1, 1), 0, 0, 2, 0, 5);
    assertTrue(s.isShrink(0) && s.isShrink(3));
    assertEquals(PartialShape.of(10, 10), s.finalShape());
  }

  @Test
  void colonAndZeroToMinusOne_onShape3() {
    StridedSliceSpec all = spec(PartialShape.of(3), v(0), v(0), v(1), 1, 1);
    assertArrayEquals(v(0), begins(all));
    assertArrayEquals(v(3), ends(all));
    assertTrue(all.isIdentity());
    StridedSliceSpec most = spec(PartialShape.of(3), v(0), v(-1), v(1));
    assertArrayEquals(v(2), ends(most));
    assertFalse(most.isIdentity());
    assertTrue(most.isSliceDim0());
  }

  @Test
  void outOfRangeBounds_areClampedPerDirection() {
    StridedSliceSpec fwd = spec(PartialShape.of(5), v(-100), v(100), v(1));
    assertArrayEquals(v(0), begins(fwd));
    assertArrayEquals(v(5), ends(fwd));
    StridedSliceSpec back = spec(PartialShape.of(5), v(100), v(-100), v(-1));
    assertArrayEquals(v(4), begins(back));
    assertArrayEquals(v(-1), ends(back));
    assertEquals(PartialShape.of(5), back.finalShape());
  }

  @Test
  void sizesRoundUp_andWrongDirectionIsEmpty() {
    assertEquals(PartialShape.of(3), spec(PartialShape.of(7), v(0), v(7), v(3)).finalShape());
    assertEquals(PartialShape.of(0), spec(PartialShape.of(7), v(5), v(2), v(1)).finalShape());
    assertEquals(PartialShape.of(2), spec(PartialShape.of(7), v(5), v(2), v(-2)).finalShape());
  }

  @Test
  void minusTwoToStartReversed_onFour_isThreeLong() {
    StridedSliceSpec s = spec(PartialShape.of(4), v(-2), v(0), v(-1), 0, 1);
    assertArrayEquals(v(2), begins(s));
    assertArrayEquals(v(-1), ends(s));
    assertEquals(PartialShape.of(3), s.finalShape());
  }

  @Test
  void unknownDims_stayUnknown_shrinkStillDrops() {
    StridedSliceSpec s =
        spec(PartialShape.of(-1, 5, -1), v(1, 0, 2), v(3, 0, 3), v(1, 2, 1), 2, 2, 0, 0, 4);
    assertEquals(PartialShape.of(-1, 3, 1), s.processingShape());
    assertEquals(PartialShape.of(-1, 3), s.finalShape());
  }

  @Test
  void unknownBeginAndEnd_wholeDimsAreStillKnown() {
    StridedSliceSpec s =
        StridedSliceSpec.of(
            NODE,
            new StridedSliceMasks(1, 1, 0, 0, 0),
            PartialShape.of(4, 6),
            null,
            null,
            v(-2, 2));
    assertEquals(PartialShape.of(2, -1), s.finalShape());
  }

  @Test
  void newAxesAfterTheEllipsis_shiftWhatItCovers() {
    // x[..., None, 0] on (2,3,4): the ellipsis covers dims 0-1, the index takes dim 2.
    StridedSliceSpec s =
        spec(PartialShape.of(2, 3, 4), v(0, 0, 0), v(0, 0, 1), v(1, 1, 1), 0, 0, 1, 2, 4);
    assertEquals(PartialShape.of(2, 3, 1), s.finalShape());
  }

  @Test
  void ellipsisWinsOverNewAxis_newAxisWinsOverShrink() {
    StridedSliceSpec s = spec(PartialShape.of(2, 3), v(0, 0), v(0, 0), v(1, 1), 0, 0, 1, 3, 2);
    assertEquals(PartialShape.of(2, 3, 1), s.finalShape());
  }

  @Test
  void outputRank_fromMasksAlone() {
    StridedSliceMasks m = new StridedSliceMasks(0, 0, 0, 1, 4);
    assertEquals(
        Optional.of(PartialShape.of(1, -1, 6)),
        StridedSliceSpec.outputRank(m, 3, PartialShape.of(4, 5, 6)));
    assertEquals(Optional.empty(), StridedSliceSpec.outputRank(m, 5, PartialShape.of(4)));
  }

  @Test
  void errors_haveTfWording_andNameTheEntry() {
    RawOpsException zero =
        assertThrows(
            RawOpsException.class,
            () -> spec(PartialShape.of(4, 4), v(0, 0, 0), v(1, 1, 1), v(1, 1, 0), 0, 0, 0, 1));
    assertEquals(Code.INVALID_ARGUMENT, zero.code());
    assertTrue(
        zero.getMessage().contains("strides[1] must be non-zero (slice spec entry 2 has stride 0)"),
        zero.getMessage());
    RawOpsException shrink =
        assertThrows(
            RawOpsException.class, () -> spec(PartialShape.of(5), v(7), v(8), v(1), 0, 0, 0, 0, 1));
    assertTrue(
        shrink
            .getMessage()
            .startsWith(
                "INVALID_ARGUMENT: node 's' (op StridedSlice): slice index 7 of "
                    + "dimension 0 out of bounds."),
        shrink.getMessage());
  }
}
