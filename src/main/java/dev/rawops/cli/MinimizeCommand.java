package dev.rawops.cli;

import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Minimizer;
import dev.rawops.conform.Oracle;
import dev.rawops.fixtureproto.Fixture;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rawops minimize}: shrinks a fixture rawops fails to a smaller one that fails the same way
 * (see {@link Minimizer}): a wrong value, or TensorFlow's expected error that rawops does not raise
 * the same way. With the optional module rawops-tf the graph is cut at TensorFlow's values; without
 * it only where the fixture records TensorFlow's values and by dropping unneeded nodes.
 */
@Command(
    name = "minimize",
    mixinStandardHelpOptions = true,
    description =
        "Shrinks a fixture that rawops fails to a smaller fixture that still fails the same way"
            + " (the same node and op computes a wrong value; or, for a fixture expecting an error,"
            + " TensorFlow's code and stage and rawops' outcome persist). With the optional module"
            + " rawops-tf the graph is cut at TensorFlow's values; without it only at the values"
            + " the fixture records (its other fetches) and by dropping unneeded nodes. A"
            + " SavedModel fixture becomes a GraphDef fixture of its signature's graph first, when"
            + " the model has no variables, tables, assets or init op; otherwise it is refused"
            + " saying why.")
final class MinimizeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FIXTURE",
      description =
          "A fixture (.fixture.pbtxt, .fixture.pb, or a SavedModel fixture) that `rawops conform`"
              + " fails")
  Path path;

  @Option(
      names = "--out",
      paramLabel = "SMALLER",
      required = true,
      description = "The fixture to write: NAME.fixture.pbtxt (text) or NAME.fixture.pb (binary)")
  Path out;

  @Option(names = "--force", description = "Overwrite an existing --out file")
  boolean force;

  @Option(
      names = "--rtol",
      paramLabel = "R",
      description =
          "For a fixture without its own tolerance, as in `conform`: float outputs may differ by"
              + " atol + R*|want| (default: bit for bit); the result carries it")
  Double rtol;

  @Option(names = "--atol", paramLabel = "A", description = "See --rtol")
  Double atol;

  private static final String HEADER =
      "# Written by `rawops minimize`; its description says where the values come from.\n";

  @Override
  public Integer call() throws IOException {
    if (!Fixtures.isFixtureFile(out)) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(),
          "--out must name NAME.fixture.pbtxt or NAME.fixture.pb, got '" + out.getFileName() + "'");
    }
    OutFiles.checkFile(out, path, force, "--out");
    Fixture f = Fixtures.read(path);
    Oracle oracle = Oracle.find().orElse(null);
    Minimizer.Outcome o =
        Minimizer.minimize(f, path, oracle, RecordCommand.tolerance(spec, rtol, atol));
    try (OutputStream os = OutFiles.create(out)) {
      if (out.getFileName().toString().endsWith(".pb")) {
        o.fixture().writeTo(os);
      } else {
        os.write(Fixtures.text(o.fixture(), HEADER).getBytes(StandardCharsets.UTF_8));
      }
    }
    PrintWriter w = spec.commandLine().getOut();
    if (o.fixture().hasError()) {
      w.println(
          "failing: fetching "
              + o.failingTensor()
              + " TensorFlow fails with "
              + o.fixture().getError().getCode()
              + " (stage "
              + o.fixture().getError().getStage()
              + ")"
              + (oracle != null ? " (checked against " + oracle.source() + ")" : ""));
    } else {
      w.println(
          "failing: node '"
              + o.failingNode()
              + "' (op "
              + o.failingOp()
              + ") output "
              + o.failingTensor()
              + (oracle != null
                  ? " (checked against " + oracle.source() + ")"
                  : " (the first failing fetch)"));
    }
    if (oracle != null && !o.fixture().hasError()) {
      w.println(
          "cut inputs fed TensorFlow's values from the original run; expected values recorded"
              + " again from TensorFlow; loop frames kept whole");
    }
    o.notes().forEach(w::println);
    w.println(
        "minimized "
            + o.nodesBefore()
            + " nodes to "
            + o.nodesAfter()
            + " in "
            + o.tries()
            + " tries; written to "
            + out);
    w.flush();
    return Main.OK;
  }
}
