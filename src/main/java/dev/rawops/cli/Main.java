package dev.rawops.cli;

import dev.rawops.RawOpsException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code rawops} command line. Exit codes: 0 ok, 1 graph or run error, 2 usage error. */
@Command(
    name = "rawops",
    mixinStandardHelpOptions = true,
    version = "rawops 0.1.0 (TensorFlow 2.18 raw ops)",
    description =
        "Runs TensorFlow GraphDefs of raw ops on the JVM, bit-exact with TensorFlow's CPU kernels.",
    subcommands = {
      RunCommand.class,
      ValidateCommand.class,
      ConformCommand.class,
      ExplainCommand.class,
      InspectCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Main {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the CLI and returns its exit code (tests call this). */
  public static int execute(String... args) {
    CommandLine cli = new CommandLine(new Main());
    cli.setExecutionExceptionHandler(
        (e, cmd, _) -> {
          if (e instanceof RawOpsException r) {
            cmd.getErr().println("error: " + r.getMessage());
            return FAILED;
          }
          throw e;
        });
    return cli.execute(args);
  }
}
