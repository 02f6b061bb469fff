package dev.rawops.conform;

import static dev.rawops.conform.HandFixtures.FEED_2_0;
import static dev.rawops.conform.HandFixtures.FEED_OUT_OF_BOUNDS;
import static dev.rawops.conform.HandFixtures.PASSING;
import static dev.rawops.conform.HandFixtures.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConformanceRunnerTest {
  private final ConformanceRunner cpu = new ConformanceRunner(Device.CPU);

  private Result run(String text) {
    return cpu.run(Fixtures.parseText(text, "test"));
  }

  private static void assertFails(Result r, String... fragments) {
    assertEquals(Result.Status.FAILED, r.status(), r.toString());
    for (String f : fragments) {
      assertTrue(r.reason().contains(f), "reason lacks '" + f + "': " + r.reason());
    }
  }

  @Test
  void passingFixturePasses() {
    Result r = run(PASSING);
    assertEquals(Result.Status.PASSED, r.status(), r.reason());
    assertEquals("hand/pass", r.name());
  }

  @Test
  void valueMismatchNamesFetchElementAndBits() {
    Result r =
        run(
            fixture(
                "hand/mismatch",
                FEED_2_0,
                "expected { dtype: DT_FLOAT tensor_shape { dim { size: 2 } } float_val: 3 float_val: -0.0 }"));
    assertFails(
        r,
        "fetch 0 ('out')",
        "element 1 [1]",
        "expected -0.0 (bits 0x80000000)",
        "got 1.0 (bits 0x3f800000)",
        "1 of 2 elements differ");
  }

  @Test
  void mismatchInMatrixGivesMultiIndex() {
    // indices [[[2]], [[0]]] (shape [2,1,1]) give [[3], [1]] (shape [2,1]); the fixture claims
    // [[3], [2]].
    Result r =
        run(
            fixture(
                "hand/matrix",
                """
        feed { key: "i" value { dtype: DT_INT32 tensor_shape { dim { size: 2 } dim { size: 1 } dim { size: 1 } }
          tensor_content: "\\002\\000\\000\\000\\000\\000\\000\\000" } }
        expected { dtype: DT_FLOAT tensor_shape { dim { size: 2 } dim { size: 1 } } float_val: 3 float_val: 2 }
        """));
    assertFails(r, "element 1 [1, 0]", "expected 2.0 (bits 0x40000000)", "got 1.0");
  }

  @Test
  void dtypeAndShapeMismatchesAreReported() {
    assertFails(
        run(
            fixture(
                "hand/dtype",
                FEED_2_0,
                "expected { dtype: DT_DOUBLE tensor_shape { dim { size: 2 } } double_val: 3 double_val: 1 }")),
        "expected dtype double, got float");
    assertFails(
        run(
            fixture(
                "hand/shape",
                FEED_2_0,
                "expected { dtype: DT_FLOAT tensor_shape { dim { size: 1 } dim { size: 2 } } float_val: 3 float_val: 1 }")),
        "expected shape [1,2], got [2]");
  }

  @Test
  void rightErrorCodeAtRunPasses() {
    Result r =
        run(fixture("hand/oob", FEED_OUT_OF_BOUNDS, "error { code: INVALID_ARGUMENT stage: RUN }"));
    assertEquals(Result.Status.PASSED, r.status(), r.reason());
  }

  @Test
  void wrongErrorCodeFailsWithOurMessage() {
    Result r =
        run(
            fixture(
                "hand/code",
                FEED_OUT_OF_BOUNDS,
                "error { code: OUT_OF_RANGE stage: RUN message: \"TF says so\" }"));
    assertFails(
        r,
        "expected OUT_OF_RANGE at RUN",
        "TF says so",
        "got INVALID_ARGUMENT at RUN",
        "indices[0] = [4] does not index into param shape [4]");
  }

  @Test
  void buildErrorThatOnlyHappensAtRunFails() {
    Result r =
        run(
            fixture(
                "hand/stage", FEED_OUT_OF_BOUNDS, "error { code: INVALID_ARGUMENT stage: BUILD }"));
    assertFails(r, "expected INVALID_ARGUMENT at BUILD", "got INVALID_ARGUMENT at RUN");
  }

  @Test
  void runErrorCaughtAtBuildPassesAndBuildErrorAtBuildPasses() {
    // A Const index of depth 2 into a rank-1 params is rejected by GatherNd's shape function.
    String badGraph =
        PASSING.replace(
            "node { name: \"i\" op: \"Placeholder\" attr { key: \"dtype\" value { type: DT_INT32 } } }",
            "node { name: \"i\" op: \"Const\" attr { key: \"dtype\" value { type: DT_INT32 } } attr { key: \"value\" value {"
                + " tensor { dtype: DT_INT32 tensor_shape { dim { size: 1 } dim { size: 2 } } int_val: 0 } } } }");
    String noExpectation = badGraph.substring(0, badGraph.indexOf("feed {"));
    assertEquals(
        Result.Status.PASSED,
        run(noExpectation + "error { code: INVALID_ARGUMENT stage: RUN }").status());
    assertEquals(
        Result.Status.PASSED,
        run(noExpectation + "error { code: INVALID_ARGUMENT stage: BUILD }").status());
    assertFails(
        run(noExpectation + "error { code: NOT_FOUND stage: BUILD }"),
        "got INVALID_ARGUMENT at BUILD");
  }

  @Test
  void expectedErrorButSuccessFails() {
    assertFails(
        run(fixture("hand/noerror", FEED_2_0, "error { code: INVALID_ARGUMENT stage: RUN }")),
        "expected INVALID_ARGUMENT at RUN",
        "ran without error");
  }

  @Test
  void unexpectedErrorFails() {
    assertFails(
        run(
            fixture(
                "hand/unexpected",
                FEED_OUT_OF_BOUNDS,
                "expected { dtype: DT_FLOAT tensor_shape { dim { size: 1 } } float_val: 0 }")),
        "rawops failed to run",
        "INVALID_ARGUMENT");
  }

  private static String expectFloats(String... values) {
    StringBuilder sb =
        new StringBuilder("expected { dtype: DT_FLOAT tensor_shape { dim { size: 2 } }");
    for (String v : values) {
      sb.append(" float_val: ").append(v);
    }
    return sb.append(" }").toString();
  }

  @Test
  void toleranceAcceptsCloseFloatsAndNamesTheWorstElementOtherwise() {
    // TF's answer is [3, 1]; a fixture claiming [3.00001, 1] passes at rtol 1e-5 …
    String close = fixture("hand/close", FEED_2_0, expectFloats("3.00001", "1"));
    assertEquals(Result.Status.FAILED, run(close).status(), "bit-exact without a tolerance");
    String withTol = close + "\ntolerance { rtol: 1e-5 atol: 0 }";
    assertEquals(Result.Status.PASSED, run(withTol).status(), run(withTol).reason());
    ConformanceRunner loose =
        new ConformanceRunner(
            Device.CPU,
            dev.rawops.fixtureproto.Tolerance.newBuilder().setRtol(1e-5).setAtol(0).build());
    assertEquals(Result.Status.PASSED, loose.run(Fixtures.parseText(close, "t")).status());
    // … but [3, 1.1] does not, and the failure names the element, both values and the errors.
    String far = fixture("hand/far", FEED_2_0, expectFloats("3", "1.1"));
    Result r = loose.run(Fixtures.parseText(far, "t"));
    assertFails(r, "fetch 0 ('out')", "element 1 [1]", "expected 1.100000023841858", "got 1.0");
    assertTrue(r.reason().contains("abs error") && r.reason().contains("rel error"), r.reason());
  }

  @Test
  void toleranceNeverForgivesNanOrInfinityMismatches() {
    ConformanceRunner loose =
        new ConformanceRunner(
            Device.CPU,
            dev.rawops.fixtureproto.Tolerance.newBuilder().setRtol(1).setAtol(1e30).build());
    assertFails(
        loose.run(Fixtures.parseText(fixture("h/nan", FEED_2_0, expectFloats("nan", "1")), "t")),
        "element 0");
    assertFails(
        loose.run(Fixtures.parseText(fixture("h/inf", FEED_2_0, expectFloats("3", "inf")), "t")),
        "element 1");
  }

  @Test
  void emptyOrUnknownFixturesAreFailuresNotPasses(@TempDir Path tmp) throws IOException {
    Path empty = tmp.resolve("empty.fixture.pb");
    Files.write(empty, new byte[0]);
    assertFails(cpu.run(empty), "no fetches and no expected error");
    Fixture unknownCode =
        Fixtures.parseText(fixture("h/code", FEED_OUT_OF_BOUNDS), "t").toBuilder()
            .setError(
                dev.rawops.fixtureproto.ExpectedError.newBuilder()
                    .setCodeValue(99)
                    .setStage(dev.rawops.fixtureproto.ExpectedError.Stage.RUN))
            .build();
    assertFails(cpu.run(unknownCode), "unknown code 99");
    Fixture unknownStage =
        unknownCode.toBuilder()
            .setError(
                dev.rawops.fixtureproto.ExpectedError.newBuilder()
                    .setCode(dev.rawops.fixtureproto.Code.INVALID_ARGUMENT)
                    .setStageValue(7))
            .build();
    assertFails(cpu.run(unknownStage), "unknown stage 7");
  }

  @Test
  void malformedFixturesFail() {
    assertFails(
        run(fixture("hand/count", FEED_2_0)), "malformed fixture", "1 fetches but 0 expected");
    assertFails(
        run(
            fixture(
                "hand/feed",
                """
        feed { key: "i" value { dtype: DT_INT32 tensor_shape { dim { size: 2 } } tensor_content: "\\001" } }
        expected { dtype: DT_FLOAT tensor_shape { dim { size: 2 } } }
        """)),
        "malformed fixture: feed 'i'",
        "tensor_content holds 1 bytes");
  }

  @Test
  void stringsAreComparedByBytes() {
    String text =
        """
        name: "hand/strings"
        graph {
          node { name: "s" op: "Const" attr { key: "dtype" value { type: DT_STRING } }
            attr { key: "value" value { tensor { dtype: DT_STRING tensor_shape { dim { size: 2 } }
              string_val: "a\\000" string_val: "b" } } } }
          node { name: "out" op: "Identity" input: "s" attr { key: "T" value { type: DT_STRING } } }
        }
        fetch: "out:0"
        """;
    assertEquals(
        Result.Status.PASSED,
        run(text
                + "expected { dtype: DT_STRING tensor_shape { dim { size: 2 } } string_val: \"a\\000\" string_val: \"b\" }")
            .status());
    assertFails(
        run(
            text
                + "expected { dtype: DT_STRING tensor_shape { dim { size: 2 } } string_val: \"a\" string_val: \"b\" }"),
        "element 0 [0]: expected b\"a\", got b\"a\\x00\"");
  }

  @Test
  void unparseableFileIsAFailureAndTheRestStillRuns(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(dir.resolve("sub/bad.fixture.pbtxt"), "name: \"x\" graph { node { name: ");
    Files.writeString(dir.resolve("good.fixture.pbtxt"), PASSING);
    Files.write(
        dir.resolve("sub/binary.fixture.pb"),
        Fixtures.parseText(PASSING, "t").toBuilder().setName("hand/binary").build().toByteArray());
    Files.writeString(dir.resolve("notes.txt"), "not a fixture");
    List<Path> files = Fixtures.collect(List.of(dir));
    assertEquals(3, files.size(), files.toString());
    List<Result> results = files.stream().map(cpu::run).toList();
    assertEquals(
        List.of("hand/pass", dir.resolve("sub/bad.fixture.pbtxt").toString(), "hand/binary"),
        results.stream().map(Result::name).toList());
    assertEquals(
        List.of(Result.Status.PASSED, Result.Status.FAILED, Result.Status.PASSED),
        results.stream().map(Result::status).toList());
    assertTrue(results.get(1).reason().contains("cannot parse"), results.get(1).reason());
  }

  @Test
  void unknownOpIsAFailureOfThatFixture() {
    Fixture f = Fixtures.parseText(PASSING.replace("op: \"GatherNd\"", "op: \"NoSuchOp\""), "t");
    assertFails(cpu.run(f), "rawops rejected the graph", "NoSuchOp");
  }

  @Test
  void deviceWithoutKernelsSkips() {
    // (GPU has kernels since issue 15; a device rawops has none for stands in.)
    Result r = new ConformanceRunner(new Device("TPU")).run(Fixtures.parseText(PASSING, "t"));
    assertEquals(Result.Status.SKIPPED, r.status());
    assertTrue(r.reason().contains("rawops has no TPU kernels"), r.reason());
  }
}
