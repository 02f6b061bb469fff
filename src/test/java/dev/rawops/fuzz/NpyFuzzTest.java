package dev.rawops.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.rawops.tensor.Npy;
import dev.rawops.tensor.Tensor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** {@code .npy} bytes → read (and, when they read, write and read back the same tensor). */
class NpyFuzzTest {
  @FuzzTest(maxDuration = "20s")
  void npyBytes(byte[] data) {
    FuzzChecks.statusOrSuccess(
        () -> {
          Tensor t = Npy.read(data, "fuzz.npy");
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          try {
            Npy.write(t, out);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
          Tensor back = Npy.read(out.toByteArray(), "rewritten.npy");
          if (!back.contentEquals(t)) {
            throw new AssertionError("a tensor read from .npy does not survive write + read");
          }
        });
  }
}
