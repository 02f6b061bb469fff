package dev.rawops;

import dev.rawops.conform.Fixtures;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.tfproto.FunctionDef;
import dev.rawops.tfproto.NodeDef;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How the conformance fixtures exercise each op: how many fixtures hold a node of it (in the graph
 * or in a function body of its library), and how many of those compare within a tolerance and the
 * widest one they state.
 */
final class FixtureOps {
  /** One op's fixtures. */
  static final class Use {
    int fixtures;
    int tolerant;
    double rtol;
    double atol;
  }

  private final Map<String, Use> byOp = new TreeMap<>();

  private FixtureOps() {}

  static FixtureOps scan(Path root) {
    FixtureOps out = new FixtureOps();
    for (Path p : Fixtures.collect(java.util.List.of(root))) {
      out.add(Fixtures.read(p));
    }
    return out;
  }

  private void add(Fixture f) {
    Set<String> ops = new TreeSet<>();
    for (NodeDef n : f.getGraph().getNodeList()) {
      ops.add(n.getOp());
    }
    for (FunctionDef fn : f.getGraph().getLibrary().getFunctionList()) {
      for (NodeDef n : fn.getNodeDefList()) {
        ops.add(n.getOp());
      }
    }
    for (String op : ops) {
      Use u = byOp.computeIfAbsent(op, k -> new Use());
      u.fixtures++;
      if (f.hasTolerance()) {
        u.tolerant++;
        u.rtol = Math.max(u.rtol, f.getTolerance().getRtol());
        u.atol = Math.max(u.atol, f.getTolerance().getAtol());
      }
    }
  }

  /** The fixtures of {@code op}; zero counts when none holds it. */
  Use of(String op) {
    return byOp.getOrDefault(op, new Use());
  }
}
