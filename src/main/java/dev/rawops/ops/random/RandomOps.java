package dev.rawops.ops.random;

import dev.rawops.Code;
import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Random op family: TF's seeded stateful random ops (random_ops.cc) and the stateless ones
 * (stateless_random_ops.cc, stateless_random_ops_v2.cc), with their shape functions and BUILD-time
 * errors.
 */
public final class RandomOps implements OpFamily {
  @Override
  public List<Op> ops() {
    List<Op> ops = new ArrayList<>();
    for (String name : List.of("RandomUniform", "RandomStandardNormal", "TruncatedNormal")) {
      ops.add(DefinedOp.of(name, n -> List.of(shapeFromShapeTensor(n, 0))));
    }
    ops.add(DefinedOp.of("RandomUniformInt", RandomOps::randomUniformInt));
    for (String name :
        List.of(
            "StatelessRandomUniform",
            "StatelessRandomNormal",
            "StatelessTruncatedNormal",
            "StatelessRandomUniformFullInt")) {
      ops.add(DefinedOp.of(name, RandomOps::stateless));
    }
    ops.add(DefinedOp.of("StatelessRandomUniformInt", RandomOps::statelessInt));
    for (String name :
        List.of(
            "StatelessRandomUniformV2",
            "StatelessRandomNormalV2",
            "StatelessTruncatedNormalV2",
            "StatelessRandomUniformFullIntV2")) {
      ops.add(DefinedOp.of(name, RandomOps::statelessV2));
    }
    ops.add(DefinedOp.of("StatelessRandomUniformIntV2", RandomOps::statelessIntV2));
    ops.add(DefinedOp.of("StatelessRandomGammaV2", RandomOps::stateless));
    ops.add(DefinedOp.of("StatelessRandomPoisson", RandomOps::stateless));
    ops.add(DefinedOp.of("StatelessRandomBinomial", RandomOps::stateless));
    ops.add(
        DefinedOp.of(
            "ParameterizedTruncatedNormal",
            n -> {
              for (int i = 1; i <= 4; i++) {
                Shapes.requireRankAtMost(n, i, 1);
              }
              return List.of(shapeFromShapeTensor(n, 0));
            }));
    ops.add(
        DefinedOp.of(
            "StatelessParameterizedTruncatedNormal",
            n -> {
              seedShape(n, 1);
              PartialShape b = broadcastKnown(n, n.inputShape(2), n.inputShape(3));
              b = broadcastKnown(n, b, n.inputShape(4));
              broadcastKnown(n, b, n.inputShape(5));
              return List.of(shapeFromShapeTensor(n, 0));
            }));
    ops.add(DefinedOp.of("StatelessRandomGammaV3", RandomOps::statelessV2));
    ops.add(
        DefinedOp.of(
            "StatelessRandomGetKeyCounterAlg",
            n -> {
              seedShape(n, 0);
              return List.of(PartialShape.of(1), PartialShape.of(2), PartialShape.of());
            }));
    ops.add(
        DefinedOp.of(
            "StatelessRandomGetKeyCounter",
            n -> {
              seedShape(n, 0);
              return List.of(PartialShape.of(1), PartialShape.of(2));
            }));
    ops.add(DefinedOp.of("StatelessRandomGetAlg", n -> List.of(PartialShape.of())));
    ops.add(DefinedOp.of("RandomShuffle", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("Multinomial", RandomOps::multinomial));
    ops.add(
        DefinedOp.of(
            "StatelessMultinomial",
            n -> {
              List<PartialShape> out = multinomial(n);
              seedShape(n, 2);
              return out;
            }));
    ops.add(
        DefinedOp.of(
            "StatelessShuffle",
            n -> {
              Shapes.requireRank(n, 1, 1);
              Shapes.requireRank(n, 2, 1);
              Shapes.requireRank(n, 3, 0);
              requireDim0(n, 1, 1);
              return List.of(n.inputShape(0));
            }));
    for (String name : List.of("RandomGamma", "RandomPoissonV2")) {
      ops.add(DefinedOp.of(name, RandomOps::shapeThenInput1));
    }
    ops.add(
        DefinedOp.of(
            "RandomPoisson",
            n -> {
              // TF's OpDef deprecation: graphs from producer 25 on may not use the op.
              if (n.graphProducer() >= 25) {
                throw n.error(
                    Code.UNIMPLEMENTED,
                    "Op RandomPoisson is not available in GraphDef version "
                        + n.graphProducer()
                        + ". It has been removed in version 25. Replaced by RandomPoissonV2.");
              }
              return shapeThenInput1(n);
            }));
    return ops;
  }

  /**
   * TF's BroadcastBinaryOpOutputShapeFnHelper where both shapes are fully known: the broadcast
   * shape, or INVALID_ARGUMENT "Incompatible shapes"; unknown when either is not fully known.
   */
  private static PartialShape broadcastKnown(NodeInfo node, PartialShape a, PartialShape b) {
    Optional<Shape> x = a.toShape();
    Optional<Shape> y = b.toShape();
    if (x.isEmpty() || y.isEmpty()) {
      return PartialShape.unknownRank();
    }
    int rank = Math.max(x.get().rank(), y.get().rank());
    long[] dims = new long[rank];
    for (int d = 0; d < rank; d++) {
      int dx = d - (rank - x.get().rank());
      int dy = d - (rank - y.get().rank());
      long p = dx >= 0 ? x.get().dim(dx) : 1;
      long q = dy >= 0 ? y.get().dim(dy) : 1;
      if (p != q && p != 1 && q != 1) {
        throw node.invalidArgument("Incompatible shapes: " + x.get() + " vs. " + y.get());
      }
      dims[d] = p == 1 ? q : p;
    }
    return PartialShape.of(dims);
  }

  /** RandomGamma and the Poisson ops: the shape input's dims, then the rate or alpha input's. */
  private static List<PartialShape> shapeThenInput1(NodeInfo node) {
    return List.of(shapeFromShapeTensor(node, 0).concat(node.inputShape(1)));
  }

  /**
   * TF's MakeShapeFromShapeTensor: the shape input must be a vector; a constant one gives the
   * output's dims (-1 an unknown dim, below that an error), else unknown dims of its length.
   */
  static PartialShape shapeFromShapeTensor(NodeInfo node, int input) {
    Shapes.requireRank(node, input, 1);
    Optional<Tensor> c = node.constantInput(input);
    if (c.isPresent() && c.get().dtype().isInteger() && c.get().shape().rank() == 1) {
      long[] v = c.get().toLongArray();
      long[] dims = new long[v.length];
      for (int i = 0; i < v.length; i++) {
        if (v[i] < -1) {
          throw node.invalidArgument("Invalid value in tensor used for shape: " + v[i]);
        }
        dims[i] = v[i] == -1 ? PartialShape.UNKNOWN : v[i];
      }
      return PartialShape.of(dims);
    }
    PartialShape s = node.inputShape(input);
    if (s.hasRank() && s.rank() == 1 && s.dim(0) >= 0) {
      return PartialShape.unknownDims((int) s.dim(0));
    }
    return PartialShape.unknownRank();
  }

  /** [batch, num_samples]; a constant num_samples must be non-negative (MakeDimForScalarInput). */
  private static List<PartialShape> multinomial(NodeInfo node) {
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 1, 0);
    long samples = PartialShape.UNKNOWN;
    Optional<Long> c = Shapes.constantScalar(node, 1);
    if (c.isPresent()) {
      samples = c.get();
      if (samples < 0) {
        throw node.invalidArgument(
            "Dimension size, given by scalar input 1, must be non-negative but is " + samples);
      }
    }
    return List.of(PartialShape.of(Shapes.dimOr(node.inputShape(0), 0), samples));
  }

  private static List<PartialShape> randomUniformInt(NodeInfo node) {
    Shapes.requireRank(node, 1, 0);
    Shapes.requireRank(node, 2, 0);
    return List.of(shapeFromShapeTensor(node, 0));
  }

  /** A seed input: a vector of 2 (TF's WithRank 1, then WithValue 2). */
  private static void seedShape(NodeInfo node, int input) {
    Shapes.requireRank(node, input, 1);
    requireDim0(node, input, 2);
  }

  private static void requireDim0(NodeInfo node, int input, long want) {
    PartialShape s = node.inputShape(input);
    if (s.hasRank() && s.dim(0) != PartialShape.UNKNOWN && s.dim(0) != want) {
      throw node.invalidArgument("Dimension must be " + want + " but is " + s.dim(0));
    }
  }

  private static List<PartialShape> stateless(NodeInfo node) {
    seedShape(node, 1);
    return List.of(shapeFromShapeTensor(node, 0));
  }

  private static void scalarBound(NodeInfo node, int input, String what) {
    PartialShape s = node.inputShape(input);
    if (s.hasRank() && s.rank() != 0) {
      throw node.invalidArgument(what + " must be a scalar; got a tensor of shape " + s);
    }
  }

  private static List<PartialShape> statelessInt(NodeInfo node) {
    scalarBound(node, 2, "minval");
    scalarBound(node, 3, "maxval");
    return stateless(node);
  }

  private static List<PartialShape> statelessV2(NodeInfo node) {
    Shapes.requireRank(node, 1, 1);
    Shapes.requireRank(node, 2, 1);
    Shapes.requireRank(node, 3, 0);
    requireDim0(node, 1, 1);
    return List.of(shapeFromShapeTensor(node, 0));
  }

  private static List<PartialShape> statelessIntV2(NodeInfo node) {
    scalarBound(node, 4, "minval");
    scalarBound(node, 5, "maxval");
    return statelessV2(node);
  }
}
