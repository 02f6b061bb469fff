package dev.rawops.cli;

import dev.rawops.RawOpsException;
import dev.rawops.memory.MemoryShortage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;

/**
 * The {@code rawops} command line. Exit codes, the same in every command: 0 success, 1 any failure
 * (a graph, feed, run or conformance failure, a missing or unreadable file, an exhausted resource),
 * 2 only a malformed command line. Every failure prints one {@code error: CODE: message} line, with
 * TensorFlow's status code; a stack trace only with {@code --verbose}.
 */
@Command(
    name = "rawops",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description =
        "Runs TensorFlow GraphDefs of raw ops on the JVM, bit-exact with TensorFlow's CPU kernels.",
    subcommands = {
      RunCommand.class,
      ValidateCommand.class,
      ConformCommand.class,
      ExplainCommand.class,
      InspectCommand.class,
      RecordCommand.class,
      CompareCommand.class,
      MinimizeCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Main {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;

  @Option(
      names = "--verbose",
      scope = ScopeType.INHERIT,
      description = "On failure also print the Java stack trace (for bug reports)")
  boolean verbose;

  /** The project's version, as the build wrote it into {@code version.properties}. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      java.util.Properties p = new java.util.Properties();
      try (java.io.InputStream in = Main.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          p.load(in);
        }
      }
      return new String[] {
        "rawops " + p.getProperty("version", "(unknown version)") + " (TensorFlow 2.18 raw ops)"
      };
    }
  }

  public static void main(String[] args) {
    // The CLI prints nothing beyond its output: no note on the SIMD kernels when a JVM started
    // without the Vector API module runs it (the launcher adds the module).
    if (System.getProperty("rawops.vector.quiet") == null) {
      System.setProperty("rawops.vector.quiet", "true");
    }
    System.exit(execute(args));
  }

  /** Runs the CLI and returns its exit code (tests call this). */
  public static int execute(String... args) {
    CommandLine cli = new CommandLine(new Main());
    cli.setExecutionExceptionHandler((e, cmd, parsed) -> fail(cmd.getErr(), e, verbose(parsed)));
    // A malformed command line: the one line that says what is wrong and where help is, not the
    // whole usage text.
    cli.setParameterExceptionHandler(
        (e, args2) -> {
          PrintWriter err = e.getCommandLine().getErr();
          err.println("error: " + e.getMessage());
          err.println("(see `" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help`)");
          err.flush();
          return USAGE;
        });
    try {
      return cli.execute(args);
    } catch (Throwable e) {
      // An Error (OutOfMemoryError, StackOverflowError) passes picocli's handler: still a status
      // line and exit 1, never a JVM trace.
      boolean verbose = java.util.Arrays.asList(args).contains("--verbose");
      return fail(cli.getErr(), e, verbose);
    }
  }

  private static boolean verbose(ParseResult parsed) {
    for (ParseResult p = parsed; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }

  /** Prints a failure as one {@code error: CODE: message} line; returns exit code 1. */
  static int fail(PrintWriter err, Throwable e, boolean verbose) {
    err.println("error: " + message(e));
    if (verbose) {
      e.printStackTrace(err);
    } else if (!(e instanceof RawOpsException)) {
      err.println("(rerun with --verbose for the Java stack trace)");
    }
    err.flush();
    return FAILED;
  }

  /** TensorFlow's status code and a message for any throwable a command lets out. */
  static String message(Throwable e) {
    if (e instanceof RawOpsException r) {
      return r.getMessage();
    }
    if (e instanceof UncheckedIOException u) {
      return message(u.getCause());
    }
    return switch (e) {
      case NoSuchFileException x -> "NOT_FOUND: no such file or directory: " + x.getFile();
      case AccessDeniedException x -> "PERMISSION_DENIED: permission denied: " + x.getFile();
      case FileAlreadyExistsException x -> "ALREADY_EXISTS: " + x.getFile() + " already exists";
      case NotDirectoryException x -> "FAILED_PRECONDITION: not a directory: " + x.getFile();
      case FileSystemException x ->
          "UNAVAILABLE: "
              + x.getFile()
              + (x.getReason() == null ? "" : ": " + x.getReason())
              + (x.getOtherFile() == null ? "" : " (" + x.getOtherFile() + ")");
      case IOException x -> "UNAVAILABLE: " + x.getMessage();
      case OutOfMemoryError x -> "RESOURCE_EXHAUSTED: " + MemoryShortage.explain(x);
      case StackOverflowError _ ->
          "RESOURCE_EXHAUSTED: the input nests too deeply for the Java stack; raise it with -Xss,"
              + " e.g. JAVA_TOOL_OPTIONS=-Xss64m";
      default ->
          "INTERNAL: rawops failed with "
              + e.getClass().getName()
              + (e.getMessage() == null ? "" : ": " + e.getMessage())
              + " (a rawops bug: please report it with --verbose output)";
    };
  }
}
