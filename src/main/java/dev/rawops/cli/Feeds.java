package dev.rawops.cli;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.runtime.TensorName;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Npy;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * The values of {@code --feed NAME=VALUE}: a {@code .npy} file, one array of a {@code .npz} file
 * ({@code FILE.npz:KEY}), or a literal. A file's dtype must be the one the graph expects; {@code
 * --cast} converts NumPy's default int64/float64 arrays (and other real numbers) to it, checking
 * that every value fits — never implicitly.
 */
final class Feeds {
  private Feeds() {}

  /** Whether {@code value} names a file rather than a literal. */
  static boolean isFile(String value) {
    return value.endsWith(".npy") || value.endsWith(".npz") || value.matches("(?s).*\\.npz:.+");
  }

  /**
   * The tensor of one feed value.
   *
   * @param name the feed's name (a graph tensor or a signature's input key), for messages
   * @param expected the dtype the graph expects, or null when unknown
   * @param cast whether a file's real-number array may be converted to {@code expected}
   */
  static Tensor value(String name, String value, DType expected, boolean cast) {
    if (expected == DType.RESOURCE || expected == DType.VARIANT) {
      throw RawOpsException.invalidArgument(
          "feed '"
              + name
              + "' is a "
              + expected.tfName()
              + " tensor: those live inside a run (variable handles, TensorArray flows) and cannot"
              + " be fed from the command line");
    }
    if (!isFile(value)) {
      return Literals.parse(value, expected);
    }
    Tensor t = readFile(value);
    if (expected == null || t.dtype() == expected) {
      return t;
    }
    if (!cast) {
      throw RawOpsException.invalidArgument(
          "feed '"
              + name
              + "' from "
              + value
              + " is "
              + t.dtype().tfName()
              + " but the graph expects "
              + expected.tfName()
              + "; pass --cast to convert it (every value is checked to fit), or save the array"
              + " as "
              + expected.tfName()
              + " (NumPy: a.astype(np."
              + numpyName(expected)
              + "))");
    }
    return cast(t, expected, "feed '" + name + "' from " + value);
  }

  /** Reads {@code FILE.npy}, {@code FILE.npz:KEY}, or {@code FILE.npz} holding one array. */
  static Tensor readFile(String value) {
    if (value.endsWith(".npy")) {
      return Npy.read(Path.of(value));
    }
    int colon = value.lastIndexOf(".npz:");
    String file = colon < 0 ? value : value.substring(0, colon + 4);
    String key = colon < 0 ? null : value.substring(colon + 5);
    return readNpz(Path.of(file), key);
  }

  private static Tensor readNpz(Path file, String key) {
    try (ZipFile zip = new ZipFile(file.toFile())) {
      List<String> keys = new ArrayList<>();
      for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
        String n = e.nextElement().getName();
        if (n.endsWith(".npy")) {
          String k = n.substring(0, n.length() - 4);
          if (keys.contains(k)) {
            // numpy's np.load keeps one of them silently; which one is the zip reader's choice.
            throw RawOpsException.invalidArgument(
                file + " holds two members named " + n + ": which array is meant is ambiguous");
          }
          keys.add(k);
        }
      }
      if (key == null) {
        if (keys.size() != 1) {
          throw RawOpsException.invalidArgument(
              file
                  + " holds "
                  + keys.size()
                  + " arrays; name one as "
                  + file
                  + ":KEY (keys: "
                  + String.join(", ", keys)
                  + ")");
        }
        key = keys.get(0);
      }
      ZipEntry entry = zip.getEntry(key + ".npy");
      if (entry == null) {
        throw RawOpsException.of(
            Code.NOT_FOUND,
            "no array '" + key + "' in " + file + " (keys: " + String.join(", ", keys) + ")");
      }
      Path tmp = Files.createTempFile("rawops-npz-", ".npy");
      try {
        try (InputStream in = zip.getInputStream(entry);
            OutputStream out = Files.newOutputStream(tmp)) {
          // The header first: what the member declares is checked before the rest is inflated.
          byte[] head = in.readNBytes(1 << 16);
          long declared = Npy.declaredBytes(head, file + ":" + key);
          long limit = dev.rawops.Limits.maxTensorBytes();
          if (declared - head.length > limit) {
            throw RawOpsException.of(
                Code.RESOURCE_EXHAUSTED,
                file
                    + ":"
                    + key
                    + " declares "
                    + declared
                    + " bytes, over rawops' maxTensorBytes limit of "
                    + limit
                    + " (raise it with -Drawops.limit.maxTensorBytes=N)");
          }
          out.write(head);
          copyAtMost(in, out, Math.max(0, declared - head.length));
        }
        try {
          return Npy.read(tmp);
        } catch (RawOpsException e) {
          // Name the member, not the temporary file it was unpacked to.
          throw RawOpsException.of(e.code(), e.detail().replace(tmp.toString(), file + ":" + key));
        }
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (NoSuchFileException e) {
      throw RawOpsException.of(Code.NOT_FOUND, "no such .npz file: " + file);
    } catch (ZipException e) {
      throw RawOpsException.invalidArgument(
          "not a .npz file (a zip of .npy arrays): " + file + ": " + e.getMessage());
    } catch (IOException e) {
      throw RawOpsException.of(Code.UNAVAILABLE, "cannot read " + file + ": " + e.getMessage());
    }
  }

  /**
   * Copies the first {@code max} bytes, the member's declared size: bytes after the array are
   * ignored, as numpy's np.load ignores them, and a shorter member is the .npy reader's error.
   */
  private static void copyAtMost(InputStream in, OutputStream out, long max) throws IOException {
    byte[] buf = new byte[1 << 16];
    long left = max;
    for (int n; left > 0 && (n = in.read(buf, 0, (int) Math.min(buf.length, left))) > 0; ) {
      out.write(buf, 0, n);
      left -= n;
    }
  }

  /**
   * {@code t} as {@code to}: real numbers (or bool) to real numbers; integers must be whole and in
   * range, floats are rounded to nearest as NumPy's {@code astype} does and must stay finite.
   */
  static Tensor cast(Tensor t, DType to, String what) {
    DType from = t.dtype();
    if (!isReal(from) || !isReal(to)) {
      throw RawOpsException.invalidArgument(
          what
              + ": --cast converts between real number types only, not "
              + from.tfName()
              + " to "
              + to.tfName());
    }
    TensorBuffer b = TensorBuffer.allocate(to, t.shape());
    long n = t.numElements();
    boolean intSource = from.isInteger() || from == DType.BOOL;
    for (long i = 0; i < n; i++) {
      if (intSource && from != DType.UINT64) {
        long v = Numbers.getLong(t, i);
        if (to.isInteger() || to == DType.BOOL) {
          checkRange(v, to, what, i);
          b.setIndex(i, v);
        } else {
          Numbers.set(b, i, (double) v);
        }
      } else {
        double v = Numbers.get(t, i);
        if (to.isInteger() || to == DType.BOOL) {
          if (v != Math.rint(v) || Double.isInfinite(v)) {
            throw RawOpsException.invalidArgument(
                what
                    + ": element "
                    + i
                    + " = "
                    + v
                    + " is not a whole number, so --cast cannot make it "
                    + to.tfName());
          }
          if (to == DType.UINT64) {
            if (v < 0 || v >= 0x1p64) {
              throw outOfRange(what, i, Double.toString(v), to);
            }
            Numbers.set(b, i, v);
            continue;
          }
          if (v < -0x1p63 || v >= 0x1p63) {
            throw outOfRange(what, i, Double.toString(v), to);
          }
          checkRange((long) v, to, what, i);
          b.setIndex(i, (long) v);
        } else {
          Numbers.set(b, i, v);
          if (Double.isFinite(v) && Double.isInfinite(Numbers.get(to, b.segment(), i))) {
            throw outOfRange(what, i, Double.toString(v), to);
          }
        }
      }
    }
    return b.freeze();
  }

  private static boolean isReal(DType d) {
    return d.isInteger()
        || d == DType.BOOL
        || d == DType.HALF
        || d == DType.BFLOAT16
        || d == DType.FLOAT
        || d == DType.DOUBLE;
  }

  private static void checkRange(long v, DType to, String what, long i) {
    long[] bounds = bounds(to);
    if (v < bounds[0] || v > bounds[1]) {
      throw outOfRange(what, i, Long.toString(v), to);
    }
  }

  /** The least and greatest value of an integer type or bool (uint64: up to Long.MAX_VALUE). */
  static long[] bounds(DType to) {
    return switch (to) {
      case BOOL -> new long[] {0, 1};
      case INT8 -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
      case UINT8 -> new long[] {0, 255};
      case INT16 -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
      case UINT16 -> new long[] {0, 65535};
      case INT32 -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
      case UINT32 -> new long[] {0, 0xffff_ffffL};
      case UINT64 -> new long[] {0, Long.MAX_VALUE};
      default -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
    };
  }

  private static RawOpsException outOfRange(String what, long i, String v, DType to) {
    return RawOpsException.invalidArgument(
        what + ": element " + i + " = " + v + " is out of range for " + to.tfName());
  }

  private static String numpyName(DType d) {
    return switch (d) {
      case HALF -> "float16";
      case FLOAT -> "float32";
      case DOUBLE -> "float64";
      case BOOL -> "bool_";
      case STRING -> "bytes_";
      default -> d.tfName();
    };
  }

  /**
   * Splits a {@code --feed} value; a malformed one is a usage error of {@code spec}'s command.
   *
   * @param what "NAME" (a graph tensor) or "KEY" (a signature's input key)
   */
  static String[] splitFeed(picocli.CommandLine.Model.CommandSpec spec, String feed, String what) {
    String[] kv = split(feed);
    if (kv == null) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(),
          "--feed must be "
              + what
              + "=FILE.npy, "
              + what
              + "=FILE.npz:KEY or "
              + what
              + "=LITERAL, got '"
              + feed
              + "'");
    }
    return kv;
  }

  /** Splits {@code NAME=VALUE}; null when there is no name before an {@code =}. */
  static String[] split(String feed) {
    int eq = feed.indexOf('=');
    return eq <= 0 ? null : new String[] {feed.substring(0, eq), feed.substring(eq + 1)};
  }

  /** "node:i" of a tensor name. */
  static String key(TensorName t) {
    return t.node() + ":" + t.index();
  }
}
