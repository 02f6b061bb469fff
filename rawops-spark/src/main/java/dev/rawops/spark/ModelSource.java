package dev.rawops.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * A SavedModel read from any Hadoop file system URI (hdfs://, s3a://, gs://, abfss://, file:, or a
 * path on the default file system), a directory or a zip of one, as the bytes of a zip: what the
 * driver broadcasts and each executor loads once.
 */
final class ModelSource {
  private ModelSource() {}

  /** The model at {@code uri} as zip bytes and their SHA-256 (the executor cache's key). */
  record Bytes(byte[] zip, String sha256) {}

  static Bytes read(String uri, Configuration conf) {
    Path path = new Path(uri);
    try {
      FileSystem fs = path.getFileSystem(conf);
      FileStatus st = fs.getFileStatus(path);
      byte[] zip = st.isDirectory() ? zipDirectory(fs, st.getPath()) : readAll(fs, path);
      return new Bytes(zip, sha256(zip));
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the SavedModel at " + uri, e);
    }
  }

  private static byte[] zipDirectory(FileSystem fs, Path dir) throws IOException {
    String root = dir.toUri().getPath();
    List<LocatedFileStatus> files = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(dir, true);
    while (it.hasNext()) {
      files.add(it.next());
    }
    files.sort((a, b) -> a.getPath().compareTo(b.getPath()));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream out = new ZipOutputStream(bytes)) {
      for (LocatedFileStatus f : files) {
        String p = f.getPath().toUri().getPath();
        String rel = p.substring(root.length()).replaceFirst("^/+", "");
        // Hidden files (Hadoop's .crc checksum side files) are not part of the model.
        if (f.getPath().getName().startsWith(".")) {
          continue;
        }
        out.putNextEntry(new ZipEntry(rel));
        try (InputStream in = fs.open(f.getPath())) {
          in.transferTo(out);
        }
        out.closeEntry();
      }
    }
    return bytes.toByteArray();
  }

  private static byte[] readAll(FileSystem fs, Path file) throws IOException {
    try (InputStream in = fs.open(file)) {
      return in.readAllBytes();
    }
  }

  static String sha256(byte[] b) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
