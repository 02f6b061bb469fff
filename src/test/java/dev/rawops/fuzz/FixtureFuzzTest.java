package dev.rawops.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Result;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;

/**
 * Fixture bytes → {@code conform}'s runner: a result (passed, failed, skipped), never a crash; the
 * runner turns unexpected exceptions into "rawops crashed" failures, which are findings here.
 */
class FixtureFuzzTest {
  private static final ConformanceRunner RUNNER = new ConformanceRunner(Device.CPU);

  @FuzzTest(maxDuration = "20s")
  void fixtureBytes(byte[] data) {
    Fixture f;
    try {
      f = Fixture.parseFrom(data);
    } catch (InvalidProtocolBufferException e) {
      return; // what conform reports as a malformed fixture
    }
    Result r = RUNNER.run(f);
    // The runner's own words for an exception, at the start of the reason: a fixture's recorded
    // TF message may hold any text, "rawops crashed" included.
    if (r.reason() != null && r.reason().startsWith("rawops crashed: ")) {
      throw new AssertionError(r.reason());
    }
  }
}
