package dev.rawops.ops.lookup;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.rawops.RawOpsException;
import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Result;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * InitializeTableFromTextFileV2 against TF 2.18 (graphs/lookup_textfile, written by the -Ptf
 * LookupTextFileFixtures): each fixture's {@code filename*} feeds name a vocabulary file beside it,
 * fed here by its absolute path; values, status codes and, for errors, TF's message (with the path
 * put back) must match.
 */
class InitializeTableFromTextFileTest {
  private static final Path DIR = Path.of("graphs", "lookup_textfile").toAbsolutePath();
  private final ConformanceRunner runner = new ConformanceRunner(Device.CPU);

  @TestFactory
  Stream<DynamicTest> fixtures() {
    List<Path> files = Fixtures.collect(List.of(DIR));
    assertFalse(files.isEmpty(), "no fixtures under " + DIR);
    return files.stream()
        .map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> check(f)));
  }

  private void check(Path file) {
    Fixture f = Fixtures.read(file);
    Fixture.Builder b = f.toBuilder();
    String message = f.getError().getMessage();
    for (Map.Entry<String, TensorProto> e : f.getFeedMap().entrySet()) {
      if (e.getKey().startsWith("filename")) {
        String name = e.getValue().getStringVal(0).toString(StandardCharsets.UTF_8);
        String path = DIR.resolve(name).toString();
        b.putFeed(e.getKey(), TensorProtos.toProto(Tensor.ofStrings(Shape.scalar(), path)));
        message = message.replace(name, path);
      }
    }
    Fixture fixed = b.build();
    Result r = runner.run(fixed);
    if (r.failed()) {
      fail(r.name() + ": " + r.reason());
    }
    if (f.hasError()) {
      String tf =
          message.contains("\n\t [[") ? message.substring(0, message.indexOf("\n\t [[")) : message;
      String ours = error(fixed);
      assertTrue(ours.contains(tf), "TF: " + tf + "\nrawops: " + ours);
      assertTrue(ours.contains("init"), "names the node: " + ours);
    }
  }

  private static String error(Fixture f) {
    Map<String, Tensor> feeds = new LinkedHashMap<>();
    f.getFeedMap().forEach((k, v) -> feeds.put(k, TensorProtos.toTensor(v)));
    try {
      Graph.build(f.getGraph(), Device.CPU).newSession().run(feeds, f.getFetchList());
    } catch (RawOpsException e) {
      return e.getMessage();
    }
    return "(no error)";
  }
}
