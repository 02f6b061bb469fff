package dev.rawops.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.rawops.Limits;
import dev.rawops.runtime.RunOptions;
import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * A SavedModel directory from bytes → load (graph, checkpoint restore, init ops) → run every
 * signature on zero-filled inputs: a model, or a status. The input is three parts, each a 4-byte
 * little-endian length and that many bytes (a length past the end takes what is left): {@code
 * saved_model.pb}, {@code variables/variables.index} and {@code
 * variables/variables.data-00000-of-00001}. Seeds (the committed SavedModels, framed so) in {@code
 * SavedModelFuzzTestInputs/savedModelDirectory/}.
 */
class SavedModelFuzzTest {
  @BeforeAll
  static void smallTensorLimit() {
    Limits.set(Limits.MAX_TENSOR_BYTES, 64L << 20);
  }

  @AfterAll
  static void defaultTensorLimit() {
    Limits.reset(Limits.MAX_TENSOR_BYTES);
  }

  @FuzzTest(maxDuration = "20s")
  void savedModelDirectory(byte[] data) throws IOException {
    Path dir = Files.createTempDirectory("rawops-fuzz-savedmodel");
    try {
      ByteBuffer in = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
      Files.createDirectories(dir.resolve("variables"));
      write(in, dir.resolve("saved_model.pb"));
      write(in, dir.resolve("variables/variables.index"));
      write(in, dir.resolve("variables/variables.data-00000-of-00001"));
      FuzzChecks.statusOrSuccess(() -> loadAndRun(dir));
    } finally {
      try (Stream<Path> walk = Files.walk(dir)) {
        walk.sorted(Comparator.reverseOrder()).forEach(SavedModelFuzzTest::delete);
      }
    }
  }

  private static void write(ByteBuffer in, Path file) throws IOException {
    int n = in.remaining() >= 4 ? in.getInt() : 0;
    n = n < 0 || n > in.remaining() ? in.remaining() : n;
    byte[] b = new byte[n];
    in.get(b);
    Files.write(file, b);
  }

  private static void delete(Path p) {
    try {
      Files.delete(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void loadAndRun(Path dir) {
    SavedModel m = SavedModel.load(dir);
    for (SavedModel.Signature sig : m.signatures().values()) {
      Map<String, Tensor> feeds = new HashMap<>();
      for (SavedModel.TensorSpec spec : sig.inputs()) {
        if (spec.dtype() == null
            || !(spec.dtype().isFixedWidth() || spec.dtype() == DType.STRING)) {
          continue; // the run reports the missing input: a status
        }
        feeds.put(spec.key(), zeros(spec.dtype(), spec.shape()));
      }
      m.run(sig.key(), feeds, RunOptions.none().timeout(Duration.ofSeconds(2)), null)
          .values()
          .forEach(Tensor::close);
    }
  }

  /** Zeros (empty strings) of the spec's shape, unknown dimensions 1, unknown rank a scalar. */
  private static Tensor zeros(DType dtype, PartialShape shape) {
    long[] dims = new long[shape.hasRank() ? shape.rank() : 0];
    for (int i = 0; i < dims.length; i++) {
      dims[i] = shape.dim(i) < 0 ? 1 : Math.min(shape.dim(i), 64);
    }
    return TensorBuffer.allocate(dtype, Shape.of(dims)).freeze();
  }
}
