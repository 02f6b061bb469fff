package dev.rawops.ops.image;

import static org.junit.jupiter.api.Assertions.fail;

import dev.rawops.RawOpsException;
import dev.rawops.conform.Fixtures;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.TensorProto;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Corrupt files for every decoder: each fed image file of the image_codecs fixtures, its bytes
 * flipped, overwritten, cut or repeated at seeded random places, must decode or fail with a status
 * (never another exception), as TF's decoders do.
 */
class ImageDecodersRobustnessTest {
  private static final Path DIR =
      Path.of(System.getProperty("basedir", "."), "graphs/conformance/image_codecs");

  private static byte[] mutate(byte[] in, Random r) {
    byte[] b = in.clone();
    switch (r.nextInt(4)) {
      case 0 -> {
        for (int k = 0; k < 1 + r.nextInt(4) && b.length > 0; k++) {
          b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
        }
      }
      case 1 -> {
        if (b.length > 0) {
          b[r.nextInt(b.length)] = (byte) (r.nextBoolean() ? 0xFF : r.nextInt(256));
        }
      }
      case 2 -> b = java.util.Arrays.copyOf(b, r.nextInt(b.length + 1));
      default -> {
        int at = r.nextInt(b.length + 1);
        int len = r.nextInt(Math.min(64, b.length) + 1);
        byte[] c = new byte[b.length + len];
        System.arraycopy(b, 0, c, 0, at);
        System.arraycopy(b, Math.max(0, at - len), c, at, Math.min(len, at));
        System.arraycopy(b, at, c, at + len, b.length - at);
        b = c;
      }
    }
    return b;
  }

  @Test
  void corruptFilesDecodeOrFailWithAStatus() {
    Random r = new Random(26);
    int runs = 0;
    for (Path p : Fixtures.collect(List.of(DIR))) {
      Fixture f = Fixtures.read(p);
      TensorProto contents = f.getFeedMap().get("contents");
      if (contents == null || f.getGraph().getNodeCount() != 2) {
        continue;
      }
      byte[] file = contents.getStringVal(0).toByteArray();
      Graph g;
      try {
        g = Graph.build(f.getGraph(), Device.CPU);
      } catch (RawOpsException e) {
        continue; // the op's attrs are refused at build
      }
      for (int i = 0; i < 16; i++) {
        byte[] bad = mutate(file, r);
        Map<String, Tensor> feeds = new LinkedHashMap<>();
        feeds.put("contents", Tensor.ofByteStrings(Shape.scalar(), bad));
        try {
          g.newSession().run(feeds, List.of("image"));
        } catch (RawOpsException e) {
          // a status, as TF gives
        } catch (RuntimeException e) {
          fail(f.getName() + " (" + f.getDescription() + ") mutation " + i + ": " + e, e);
        }
        runs++;
      }
    }
    if (runs < 2000) {
      fail("only " + runs + " runs");
    }
  }
}
