package dev.rawops.cli;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where {@code --out DIR} writes each fetch, decided and checked before anything runs: the
 * directory exists (or is created) and is writable, no two fetches share a file ({@code scope/out}
 * and {@code scope_out} both sanitize to {@code scope_out}: the second gets {@code -2}), and no
 * file is overwritten unless {@code --force}.
 */
final class OutFiles {
  private OutFiles() {}

  /**
   * A file name from a node name or output key: characters other than A-Z a-z 0-9 _ . - become _.
   */
  static String sanitize(String name) {
    return name.replaceAll("[^A-Za-z0-9_.-]", "_");
  }

  /**
   * The file for each name (in order; a name given twice maps to one file), after checking the
   * directory and, unless {@code force}, that none of the files exists.
   *
   * @param stems each name's file stem before sanitizing, e.g. {@code node_0} for {@code node:0}
   */
  static Map<String, Path> plan(Path dir, Map<String, String> stems, boolean force) {
    prepare(dir);
    Set<String> bases = new HashSet<>();
    stems.values().forEach(s -> bases.add(sanitize(s)));
    Set<String> used = new HashSet<>();
    Map<String, Path> files = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : stems.entrySet()) {
      String base = sanitize(e.getValue());
      String stem = base;
      // Taken already, or (for a suffixed stem) another name's own file: try the next suffix.
      for (int k = 2; used.contains(stem) || (!stem.equals(base) && bases.contains(stem)); k++) {
        stem = base + "-" + k;
      }
      used.add(stem);
      files.put(e.getKey(), dir.resolve(stem + ".npy"));
    }
    for (Path f : files.values()) {
      refuseLink(f, "--out");
    }
    if (!force) {
      List<String> existing =
          files.values().stream().filter(Files::exists).map(Path::toString).toList();
      if (!existing.isEmpty()) {
        throw RawOpsException.of(
            Code.ALREADY_EXISTS,
            "--out would overwrite "
                + String.join(", ", existing)
                + "; pass --force to overwrite, or choose another --out directory");
      }
    }
    return files;
  }

  /**
   * Checks {@code --trace FILE} before the run: never the graph it runs, never through a symbolic
   * link, never over an existing file without {@code --force}, in a directory that exists.
   */
  static void checkTrace(Path trace, Path graph, boolean force) {
    checkFile(trace, graph, force, "--trace");
  }

  /**
   * Checks the file an {@code option} (--trace, record's --out) names, as {@link #checkTrace} says.
   */
  static void checkFile(Path file, Path graph, boolean force, String option) {
    refuseLink(file, option);
    if (Files.exists(file)) {
      if (Files.isDirectory(file)) {
        throw RawOpsException.of(
            Code.FAILED_PRECONDITION, option + " " + file + " is a directory, not a file");
      }
      try {
        if (Files.isSameFile(file, graph)) {
          throw RawOpsException.of(
              Code.INVALID_ARGUMENT, option + " " + file + " is the graph being run");
        }
      } catch (IOException e) {
        // The graph was read already; an unreadable path is simply not the same file.
      }
      if (!force) {
        throw RawOpsException.of(
            Code.ALREADY_EXISTS,
            option
                + " would overwrite "
                + file
                + "; pass --force to overwrite, or choose another file");
      }
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null && !Files.isDirectory(parent)) {
      throw RawOpsException.of(
          Code.NOT_FOUND, "cannot write " + option + " " + file + ": no directory " + parent);
    }
  }

  /** A file rawops writes is never a symbolic link someone planted, even with --force. */
  private static void refuseLink(Path f, String option) {
    if (Files.isSymbolicLink(f)) {
      throw RawOpsException.of(
          Code.FAILED_PRECONDITION,
          option + " will not write " + f + ": it is a symbolic link (remove it first)");
    }
  }

  /** Opens {@code f} for writing without following a link planted since it was checked. */
  static java.io.OutputStream create(Path f) throws IOException {
    return Files.newOutputStream(
        f,
        java.nio.file.StandardOpenOption.CREATE,
        java.nio.file.StandardOpenOption.TRUNCATE_EXISTING,
        java.nio.file.StandardOpenOption.WRITE,
        java.nio.file.LinkOption.NOFOLLOW_LINKS);
  }

  private static void prepare(Path dir) {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw RawOpsException.of(
          Code.FAILED_PRECONDITION, "--out " + dir + " exists and is not a directory");
    }
    try {
      Files.createDirectories(dir);
    } catch (java.nio.file.NoSuchFileException e) {
      throw RawOpsException.of(
          Code.NOT_FOUND,
          "cannot create the --out directory " + dir + ": no such file " + e.getFile());
    } catch (java.nio.file.AccessDeniedException e) {
      throw RawOpsException.of(
          Code.PERMISSION_DENIED,
          "cannot create the --out directory " + dir + ": permission denied");
    } catch (IOException e) {
      throw RawOpsException.of(
          Code.UNAVAILABLE, "cannot create the --out directory " + dir + ": " + e);
    }
    if (!Files.isWritable(dir)) {
      throw RawOpsException.of(
          Code.PERMISSION_DENIED, "the --out directory " + dir + " is not writable");
    }
  }
}
