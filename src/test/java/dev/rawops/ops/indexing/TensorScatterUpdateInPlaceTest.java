package dev.rawops.ops.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.runtime.BuiltNode;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.DelegatingKernelContext;
import dev.rawops.tfproto.DataType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TensorScatterUpdate writes into its input's buffer exactly when nothing else can see that buffer
 * (produced by this run, read by no one after this node, not fetched), and otherwise copies, so no
 * feed, Const or other reader ever sees a change. Kernels are instrumented to record the memory
 * addresses of their inputs and outputs.
 */
class TensorScatterUpdateInPlaceTest {
  /** What one instrumented node saw in the last run: its input 0 and its output 0. */
  static final class Seen {
    Tensor input;
    Tensor output;
    // Recorded while the node runs: the run closes intermediates once their last reader is done.
    long inputAddress;
    long outputAddress;

    long inputAddress() {
      return inputAddress;
    }

    long outputAddress() {
      return outputAddress;
    }
  }

  /** Replaces the node's kernel by one that records what it reads and writes, then delegates. */
  private static Seen instrument(Graph g, String name) {
    BuiltNode n = g.byName.get(name);
    Kernel real = n.kernel;
    Seen seen = new Seen();
    n.kernel =
        ctx -> {
          seen.input = ctx.input(0);
          seen.inputAddress = seen.input.data().address();
          real.compute(new Recording(ctx, seen));
        };
    return seen;
  }

  private record Recording(KernelContext ctx, Seen seen) implements DelegatingKernelContext {
    @Override
    public void setOutput(int i, Tensor t) {
      seen.output = t;
      seen.outputAddress = t.data().address();
      ctx.setOutput(i, t);
    }
  }

  /**
   * Adds node {@code name} = TensorScatterUpdate(tensor, Const indices, Const updates) on int32.
   */
  private static GraphDefBuilder scatter(
      GraphDefBuilder b, String name, String tensor, int[] rows, int[] values) {
    return b.constant(name + "_i", Tensor.ofInts(Shape.of(rows.length, 1), rows))
        .constant(name + "_u", Tensor.ofInts(Shape.of(values.length), values))
        .op(name, "TensorScatterUpdate", tensor, name + "_i", name + "_u")
        .attr("T", DataType.DT_INT32)
        .attr("Tindices", DataType.DT_INT32);
  }

  private static GraphDefBuilder fedX() {
    return new GraphDefBuilder().placeholder("x", DataType.DT_INT32, PartialShape.of(4));
  }

  private static Tensor x() {
    return Tensor.ofInts(Shape.of(4), 1, 2, 3, 4);
  }

  @Test
  void inputMadeByAnEarlierKernelAndReadOnlyByTheScatter_isUpdatedInPlace() {
    GraphDefBuilder b = fedX();
    scatter(b, "s1", "x", new int[] {0}, new int[] {10});
    scatter(b, "s2", "s1", new int[] {1}, new int[] {20});
    scatter(b, "s3", "s2", new int[] {2}, new int[] {30});
    Graph g = Graph.build(b.build(), Device.CPU);
    Seen s1 = instrument(g, "s1");
    Seen s2 = instrument(g, "s2");
    Seen s3 = instrument(g, "s3");
    Tensor x = x();
    Tensor out = g.newSession().run(Map.of("x", x), List.of("s3")).get(0);
    assertArrayEquals(new long[] {10, 20, 30, 4}, out.toLongArray());
    assertNotEquals(s1.inputAddress(), s1.outputAddress(), "the feed must be copied");
    assertEquals(s1.outputAddress(), s2.outputAddress(), "s2 should write into s1's buffer");
    assertEquals(s1.outputAddress(), s3.outputAddress(), "s3 should write into the same buffer");
    assertArrayEquals(new long[] {1, 2, 3, 4}, x.toLongArray(), "the feed is unchanged");
  }

  @Test
  void throughIdentity_stillInPlace() {
    GraphDefBuilder b = fedX();
    scatter(b, "s1", "x", new int[] {0}, new int[] {10});
    b.op("id", "Identity", "s1").attr("T", DataType.DT_INT32);
    scatter(b, "s2", "id", new int[] {3}, new int[] {40});
    Graph g = Graph.build(b.build(), Device.CPU);
    Seen s1 = instrument(g, "s1");
    Seen s2 = instrument(g, "s2");
    Tensor out = g.newSession().run(Map.of("x", x()), List.of("s2")).get(0);
    assertArrayEquals(new long[] {10, 2, 3, 40}, out.toLongArray());
    assertEquals(s1.outputAddress(), s2.outputAddress());
  }

  @Test
  void constInput_isCopiedAndStaysTheSameAcrossRuns() {
    GraphDefBuilder b = new GraphDefBuilder().constant("c", x());
    scatter(b, "s", "c", new int[] {2}, new int[] {99});
    Graph g = Graph.build(b.build(), Device.CPU);
    Seen s = instrument(g, "s");
    Session session = g.newSession();
    for (int run = 0; run < 2; run++) {
      Tensor out = session.run(Map.of(), List.of("s")).get(0);
      assertArrayEquals(new long[] {1, 2, 99, 4}, out.toLongArray());
      assertNotEquals(s.inputAddress(), s.outputAddress());
      assertArrayEquals(new long[] {1, 2, 3, 4}, s.input.toLongArray(), "the Const is unchanged");
    }
  }

  @Test
  void fedInput_isCopied() {
    GraphDefBuilder b = fedX();
    scatter(b, "s", "x", new int[] {3}, new int[] {7});
    Graph g = Graph.build(b.build(), Device.CPU);
    Seen s = instrument(g, "s");
    Tensor x = x();
    Tensor out = g.newSession().run(Map.of("x", x), List.of("s")).get(0);
    assertArrayEquals(new long[] {1, 2, 3, 7}, out.toLongArray());
    assertNotEquals(x.data().address(), s.outputAddress());
    assertArrayEquals(new long[] {1, 2, 3, 4}, x.toLongArray());
  }

  @Test
  void fedThroughIdentity_isCopied() {
    GraphDefBuilder b = fedX();
    b.op("id", "Identity", "x").attr("T", DataType.DT_INT32);
    scatter(b, "s", "id", new int[] {0}, new int[] {5});
    Graph g = Graph.build(b.build(), Device.CPU);
    Tensor x = x();
    Tensor out = g.newSession().run(Map.of("x", x), List.of("s")).get(0);
    assertArrayEquals(new long[] {5, 2, 3, 4}, out.toLongArray());
    assertArrayEquals(new long[] {1, 2, 3, 4}, x.toLongArray());
  }

  @Test
  void fetchedIntermediate_isCopied() {
    GraphDefBuilder b = fedX();
    scatter(b, "s1", "x", new int[] {0}, new int[] {10});
    scatter(b, "s2", "s1", new int[] {1}, new int[] {20});
    Graph g = Graph.build(b.build(), Device.CPU);
    Seen s2 = instrument(g, "s2");
    List<Tensor> out = g.newSession().run(Map.of("x", x()), List.of("s1", "s2"));
    assertArrayEquals(
        new long[] {10, 2, 3, 4}, out.get(0).toLongArray(), "the fetched s1 is unchanged");
    assertArrayEquals(new long[] {10, 20, 3, 4}, out.get(1).toLongArray());
    assertNotEquals(out.get(0).data().address(), s2.outputAddress());
  }

  @Test
  void fetchedThroughIdentity_isCopied() {
    GraphDefBuilder b = fedX();
    scatter(b, "s1", "x", new int[] {0}, new int[] {10});
    b.op("id", "Identity", "s1").attr("T", DataType.DT_INT32);
    scatter(b, "s2", "s1", new int[] {1}, new int[] {20});
    Graph g = Graph.build(b.build(), Device.CPU);
    List<Tensor> out = g.newSession().run(Map.of("x", x()), List.of("id", "s2"));
    assertArrayEquals(new long[] {10, 2, 3, 4}, out.get(0).toLongArray());
    assertArrayEquals(new long[] {10, 20, 3, 4}, out.get(1).toLongArray());
  }

  /** A scatter with no updates passes its input on as is; the fetched original must survive s3. */
  @Test
  void passThroughOfAFetchedTensor_isNotWrittenLater() {
    GraphDefBuilder b = fedX();
    scatter(b, "s1", "x", new int[] {0}, new int[] {10});
    scatter(b, "s2", "s1", new int[] {}, new int[] {});
    scatter(b, "s3", "s2", new int[] {1}, new int[] {20});
    Graph g = Graph.build(b.build(), Device.CPU);
    Seen s2 = instrument(g, "s2");
    Seen s3 = instrument(g, "s3");
    List<Tensor> out = g.newSession().run(Map.of("x", x()), List.of("s1", "s3"));
    assertEquals(s2.input, s2.output, "no updates: the input object is the output");
    assertArrayEquals(new long[] {10, 2, 3, 4}, out.get(0).toLongArray());
    assertArrayEquals(new long[] {10, 20, 3, 4}, out.get(1).toLongArray());
    assertNotEquals(out.get(0).data().address(), s3.outputAddress());
  }

  /** Two readers: the first must copy; only the last one may take the buffer. */
  @Test
  void readByAnotherNode_onlyTheLastReaderWritesInPlace() {
    GraphDefBuilder b = fedX();
    scatter(b, "s1", "x", new int[] {0}, new int[] {10});
    scatter(b, "a", "s1", new int[] {1}, new int[] {20});
    scatter(b, "b", "s1", new int[] {2}, new int[] {30});
    Graph g = Graph.build(b.build(), Device.CPU);
    Seen s1 = instrument(g, "s1");
    Seen a = instrument(g, "a");
    Seen bSeen = instrument(g, "b");
    // One node at a time, so that one reader is the last; run concurrently, both may copy.
    List<Tensor> out =
        g.newSession(new Session.Options().interOpThreads(1))
            .run(Map.of("x", x()), List.of("a", "b"));
    assertArrayEquals(new long[] {10, 20, 3, 4}, out.get(0).toLongArray());
    assertArrayEquals(new long[] {10, 2, 30, 4}, out.get(1).toLongArray());
    assertNotEquals(a.outputAddress(), bSeen.outputAddress());
    boolean aInPlace = a.outputAddress() == s1.outputAddress();
    boolean bInPlace = bSeen.outputAddress() == s1.outputAddress();
    assertNotEquals(aInPlace, bInPlace, "exactly one reader (the last) reuses s1's buffer");
  }

  /** The same tensor as input and updates: writing in place would read already-written values. */
  @Test
  void sameTensorAsInputAndUpdates_isCopied() {
    GraphDefBuilder b =
        new GraphDefBuilder().placeholder("x", DataType.DT_INT32, PartialShape.of(3));
    scatter(b, "s1", "x", new int[] {0}, new int[] {1});
    b.constant("perm", Tensor.ofInts(Shape.of(3, 1), 1, 2, 0))
        .op("s2", "TensorScatterUpdate", "s1", "perm", "s1")
        .attr("T", DataType.DT_INT32)
        .attr("Tindices", DataType.DT_INT32);
    Graph g = Graph.build(b.build(), Device.CPU);
    Seen s1 = instrument(g, "s1");
    Seen s2 = instrument(g, "s2");
    Tensor out =
        g.newSession().run(Map.of("x", Tensor.ofInts(Shape.of(3), 0, 2, 3)), List.of("s2")).get(0);
    // s1 = [1, 2, 3]; out[perm[i]] = s1[i]  ->  out = [3, 1, 2]
    assertArrayEquals(new long[] {3, 1, 2}, out.toLongArray());
    assertNotEquals(s1.outputAddress(), s2.outputAddress());
  }

  @Test
  void strings_areAlwaysCopiedAndCorrect() {
    GraphDefBuilder b =
        new GraphDefBuilder().placeholder("x", DataType.DT_STRING, PartialShape.of(2));
    for (String[] s : new String[][] {{"s1", "x", "p"}, {"s2", "s1", "q"}}) {
      b.constant(s[0] + "_i", Tensor.ofInts(Shape.of(1, 1), s[0].equals("s1") ? 0 : 1))
          .constant(s[0] + "_u", Tensor.ofStrings(Shape.of(1), s[2]))
          .op(s[0], "TensorScatterUpdate", s[1], s[0] + "_i", s[0] + "_u")
          .attr("T", DataType.DT_STRING)
          .attr("Tindices", DataType.DT_INT32);
    }
    Graph g = Graph.build(b.build(), Device.CPU);
    Tensor x = Tensor.ofStrings(Shape.of(2), "a", "b");
    List<Tensor> out = g.newSession().run(Map.of("x", x), List.of("s1", "s2"));
    assertEquals("p", new String(out.get(0).getString(0), StandardCharsets.UTF_8));
    assertEquals("b", new String(out.get(0).getString(1), StandardCharsets.UTF_8));
    assertEquals("q", new String(out.get(1).getString(1), StandardCharsets.UTF_8));
    assertEquals("a", new String(x.getString(0), StandardCharsets.UTF_8));
    assertNotSame(out.get(0), out.get(1));
  }
}
