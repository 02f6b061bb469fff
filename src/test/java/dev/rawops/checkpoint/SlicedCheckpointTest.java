package dev.rawops.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Result;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.BundleEntryProto;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Partitioned tensors in a checkpoint TensorFlow 2.18 wrote (graphs/checkpoints/sliced, by
 * ExportSlicedCheckpoint: SaveV2 with shape_and_slices specs), read whole and in sub-slices with
 * TF's RestoreV2 answers.
 */
class SlicedCheckpointTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."));
  private static final Path DIR = ROOT.resolve("graphs/checkpoints/sliced");
  private static final String PREFIX = DIR.resolve("ckpt").toAbsolutePath().toString();

  private static Fixture fixture() {
    Fixture f = Fixtures.read(DIR.resolve("expected.fixture.pbtxt"));
    // the recorded prefix is relative to the repository root: run from anywhere
    return f.toBuilder()
        .putFeed("prefix", TensorProtos.toProto(Tensor.ofStrings(Shape.scalar(), PREFIX)))
        .build();
  }

  @Test
  void restoreV2MatchesTensorFlow() {
    Result r = new ConformanceRunner(Device.CPU).run(fixture());
    assertEquals(Result.Status.PASSED, r.status(), r.reason());
  }

  @Test
  void readPutsTheSlicesTogether() {
    TensorBundle b = TensorBundle.open(PREFIX);
    assertEquals(List.of("cols", "ids", "part", "whole"), List.copyOf(b.keys()));
    Fixture f = fixture();
    // fetches 0..2 are TF's RestoreV2 of the whole part, ids and cols
    for (int i = 0; i < 3; i++) {
      String name = List.of("part", "ids", "cols").get(i);
      assertTrue(
          TensorProtos.toTensor(f.getExpected(i)).contentEquals(b.read(name)),
          name + ": " + b.read(name));
    }
    assertEquals(2, b.entry("part").getSlicesCount());
  }

  private static void assertInvalid(Runnable r, String fragment) {
    RawOpsException e = assertThrows(RawOpsException.class, r::run);
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }

  @Test
  void badSpecsAreInvalidArgument() {
    TensorBundle b = TensorBundle.open(PREFIX);
    assertInvalid(() -> b.readSlice("part", "5 4 0,2:-"), "does not match the shape stored");
    assertInvalid(() -> b.readSlice("part", "0,2:-"), "Need least two elements");
    assertInvalid(() -> b.readSlice("part", "5 3 4,2:-"), "5 3 4,2:-");
    assertInvalid(() -> b.readSlice("part", "5 3 x:-"), "'x'");
  }

  @Test
  void slicesThatDoNotCoverAreInvalidArgument() {
    TensorBundle b = TensorBundle.open(PREFIX);
    BundleEntryProto onlyFirst =
        b.entry("part").toBuilder().clearSlices().addSlices(b.entry("part").getSlices(0)).build();
    assertInvalid(
        () -> TensorSlices.read(b, "part", onlyFirst, TensorSlices.Slice.full(2)),
        "Does not have sufficient slices for partitioned tensor part to restore in slice_spec: -:-");
    // rows 0..1 alone are covered by the first slice
    Tensor rows = TensorSlices.read(b, "part", onlyFirst, TensorSlices.Slice.parse("0,2:-", 2));
    assertEquals(Shape.of(2, 3), rows.shape());
    BundleEntryProto twice =
        b.entry("part").toBuilder().addSlices(b.entry("part").getSlices(0)).build();
    assertInvalid(
        () -> TensorSlices.read(b, "part", twice, TensorSlices.Slice.full(2)),
        "Overlapping slices");
  }

  @Test
  void missingStoredSliceIsNotFound() {
    TensorBundle b = TensorBundle.open(PREFIX);
    BundleEntryProto other =
        b.entry("part").toBuilder()
            .clearSlices()
            .addSlices(TensorSlices.Slice.parse("0,1:-", 2).proto())
            .addSlices(TensorSlices.Slice.parse("1,4:-", 2).proto())
            .build();
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> TensorSlices.read(b, "part", other, TensorSlices.Slice.full(2)));
    assertEquals(Code.NOT_FOUND, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("slice 0,1:- of part"), e.getMessage());
  }
}
