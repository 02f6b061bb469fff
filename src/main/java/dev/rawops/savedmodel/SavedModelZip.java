package dev.rawops.savedmodel;

import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.RawOpsException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * SavedModels as zip archives: a model directory zipped (for shipping it as bytes, e.g. a Spark
 * broadcast) and a zip unpacked into a private temporary directory the model deletes on close. The
 * model's root is the zip's root or its single top-level folder (what {@code zip -r model.zip
 * model/} makes).
 */
final class SavedModelZip {
  private SavedModelZip() {}

  /** The files under {@code dir}, paths relative to it, in a zip. */
  static byte[] zip(Path dir) {
    if (!SavedModel.isSavedModel(dir)) {
      throw RawOpsException.of(
          Code.NOT_FOUND,
          "Could not find SavedModel .pb or .pbtxt at supplied export directory path: " + dir);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream out = new ZipOutputStream(bytes);
        Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
        out.putNextEntry(new ZipEntry(dir.relativize(f).toString().replace('\\', '/')));
        Files.copy(f, out);
        out.closeEntry();
      }
    } catch (IOException e) {
      throw RawOpsException.of(Code.UNKNOWN, "could not zip " + dir + ": " + e.getMessage());
    }
    return bytes.toByteArray();
  }

  /** A zip unpacked: the temporary directory (to delete when done) and the model's root in it. */
  record Unpacked(Path temp, Path root) {}

  /** Unpacks {@code zip} (named {@code what} in errors) into a fresh temporary directory. */
  static Unpacked unzip(InputStream zip, String what) {
    Path tmp;
    try {
      tmp = Files.createTempDirectory("rawops-savedmodel-");
    } catch (IOException e) {
      throw RawOpsException.of(
          Code.UNAVAILABLE, "could not make a temporary directory: " + e.getMessage());
    }
    try (ZipInputStream in = new ZipInputStream(zip)) {
      int entries = 0;
      long unpacked = 0;
      long limit = Limits.maxUnzippedBytes();
      byte[] buf = new byte[1 << 16];
      for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
        entries++;
        Path target = tmp.resolve(e.getName()).normalize();
        if (!target.startsWith(tmp) || target.equals(tmp)) {
          throw RawOpsException.invalidArgument(
              "zip " + what + " has an entry outside its root: '" + e.getName() + "'");
        }
        if (e.isDirectory()) {
          Files.createDirectories(target);
        } else {
          Files.createDirectories(target.getParent());
          try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW)) {
            for (int r; (r = in.read(buf)) > 0; ) {
              unpacked += r;
              if (unpacked > limit) { // checked as it inflates: entry sizes in a zip can lie
                throw Limits.exceeded(
                    "zip " + what + " unpacked to its entry '" + e.getName() + "'",
                    Limits.MAX_UNZIPPED_BYTES,
                    limit);
              }
              out.write(buf, 0, r);
            }
          }
        }
      }
      if (entries == 0) {
        throw RawOpsException.of(Code.DATA_LOSS, "zip " + what + " has no entries (not a zip?)");
      }
      return new Unpacked(tmp, modelRoot(tmp, what));
    } catch (IOException | RuntimeException e) {
      delete(tmp);
      if (e instanceof RawOpsException r) {
        throw r;
      }
      if (e instanceof IOException io) {
        throw RawOpsException.of(
            Code.DATA_LOSS, "could not read zip " + what + ": " + io.getMessage());
      }
      throw (RuntimeException) e;
    }
  }

  static Unpacked unzip(byte[] zip) {
    return unzip(new ByteArrayInputStream(zip), "(" + zip.length + " bytes)");
  }

  private static Path modelRoot(Path tmp, String what) throws IOException {
    if (SavedModel.isSavedModel(tmp)) {
      return tmp;
    }
    List<Path> top;
    try (Stream<Path> s = Files.list(tmp)) {
      top = s.toList();
    }
    if (top.size() == 1 && SavedModel.isSavedModel(top.get(0))) {
      return top.get(0);
    }
    throw RawOpsException.of(
        Code.NOT_FOUND,
        "zip "
            + what
            + " holds no SavedModel: no saved_model.pb or .pbtxt at its root or in its single"
            + " top-level folder");
  }

  static void delete(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not delete " + dir, e);
    }
  }
}
