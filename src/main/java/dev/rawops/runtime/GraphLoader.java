package dev.rawops.runtime;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.ProtoErrors;
import dev.rawops.RawOpsException;
import dev.rawops.tfproto.FunctionDef;
import dev.rawops.tfproto.GraphDef;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads GraphDefs: binary ({@code .pb}) or protobuf text ({@code .pbtxt}, {@code .txt}, {@code
 * .textproto}). Files are read through a cap ({@link Limits#maxGraphBytes()}), so a huge file or a
 * device such as {@code /dev/zero} fails fast instead of exhausting memory, and the parsed graph's
 * nodes (with its function library's) are counted against {@link Limits#maxNodes()}.
 */
public final class GraphLoader {
  private GraphLoader() {}

  /**
   * Reads a GraphDef file, binary or text by its extension.
   *
   * @throws NullPointerException if {@code path} is null
   * @throws RawOpsException NOT_FOUND for a missing file, INVALID_ARGUMENT for one that does not
   *     parse (with the parser's line and column), RESOURCE_EXHAUSTED for one larger than {@link
   *     Limits#maxGraphBytes()} or with more nodes than {@link Limits#maxNodes()}
   */
  public static GraphDef read(Path path) {
    Objects.requireNonNull(path, "path");
    if (isText(path)) {
      return parseText(readCapped(path, Limits.maxGraphBytes(), "graph file"), path.toString());
    }
    if (Files.isRegularFile(path)) {
      return parseBinary(readCapped(path, Limits.maxGraphBytes(), "graph file"), path.toString());
    }
    // A pipe or a device: parse as it streams in, so garbage (e.g. /dev/zero) fails at its first
    // bad byte, and an endless stream at the cap.
    long limit = Limits.maxGraphBytes();
    try (InputStream in = new CappedStream(Files.newInputStream(path), limit)) {
      CodedInputStream coded = CodedInputStream.newInstance(in);
      coded.setSizeLimit(Integer.MAX_VALUE);
      return checkNodes(GraphDef.parseFrom(coded), path.toString());
    } catch (CappedStream.Exceeded e) {
      throw tooLarge("graph file", path, "more than " + limit + " bytes", limit);
    } catch (InvalidProtocolBufferException e) {
      throw RawOpsException.invalidArgument(
          "cannot parse " + path + " as a binary GraphDef: " + ProtoErrors.describe(e));
    } catch (NoSuchFileException e) {
      throw RawOpsException.of(Code.NOT_FOUND, "no such graph file: " + path);
    } catch (IOException e) {
      throw RawOpsException.of(Code.UNAVAILABLE, "cannot read " + path + ": " + e.getMessage());
    }
  }

  /** An input stream that fails (with {@link Exceeded}) once more than {@code limit} bytes came. */
  private static final class CappedStream extends java.io.FilterInputStream {
    static final class Exceeded extends IOException {
      private static final long serialVersionUID = 1L;
    }

    private final long limit;
    private long count;

    CappedStream(InputStream in, long limit) {
      super(in);
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    private void count(int n) throws Exceeded {
      count += n;
      if (count > limit) {
        throw new Exceeded();
      }
    }
  }

  /**
   * A file's bytes, refusing one over {@code limit} bytes (limit {@link Limits#MAX_GRAPH_BYTES})
   * before reading it, or as soon as a stream (a pipe, a device) goes past it.
   *
   * @throws RawOpsException NOT_FOUND, UNAVAILABLE (unreadable), RESOURCE_EXHAUSTED (too large)
   */
  public static byte[] readCapped(Path path, long limit, String what) {
    try {
      if (Files.isRegularFile(path)) {
        long size = Files.size(path);
        if (size > limit) {
          throw tooLarge(what, path, size + " bytes", limit);
        }
      }
      try (InputStream in = Files.newInputStream(path)) {
        int cap = (int) Math.min(limit, Integer.MAX_VALUE - 16L);
        byte[] buf = new byte[(int) Math.min(cap + 1L, 1 << 16)];
        int n = 0;
        while (true) {
          if (n == buf.length) {
            if (n > cap) {
              throw tooLarge(what, path, "more than " + limit + " bytes", limit);
            }
            buf = Arrays.copyOf(buf, (int) Math.min(cap + 1L, 2L * buf.length));
          }
          int r = in.read(buf, n, buf.length - n);
          if (r < 0) {
            break;
          }
          n += r;
        }
        if (n > cap) {
          throw tooLarge(what, path, "more than " + limit + " bytes", limit);
        }
        return n == buf.length ? buf : Arrays.copyOf(buf, n);
      }
    } catch (OutOfMemoryError e) {
      throw tooLarge(what, path, "more bytes than the heap holds", limit);
    } catch (NoSuchFileException e) {
      throw RawOpsException.of(Code.NOT_FOUND, "no such " + what + ": " + path);
    } catch (IOException e) {
      throw RawOpsException.of(Code.UNAVAILABLE, "cannot read " + path + ": " + e.getMessage());
    }
  }

  private static RawOpsException tooLarge(String what, Path path, String size, long limit) {
    return Limits.exceeded(what + " " + path + " of " + size, Limits.MAX_GRAPH_BYTES, limit);
  }

  static boolean isText(Path path) {
    Path f = path.getFileName();
    String n = f == null ? "" : f.toString();
    return n.endsWith(".pbtxt") || n.endsWith(".txt") || n.endsWith(".textproto");
  }

  /**
   * Parses a text GraphDef from its bytes. Raw bytes in quoted strings are kept as they are (as
   * TF's C++ text parser does), including bytes that are not UTF-8.
   *
   * @throws RawOpsException INVALID_ARGUMENT when it does not parse, RESOURCE_EXHAUSTED past {@link
   *     Limits#maxNodes()}
   */
  public static GraphDef parseText(byte[] bytes, String where) {
    Objects.requireNonNull(bytes, "bytes");
    return parseText(protobufText(bytes), where);
  }

  /**
   * Parses a text GraphDef.
   *
   * @throws RawOpsException INVALID_ARGUMENT when it does not parse, RESOURCE_EXHAUSTED past {@link
   *     Limits#maxNodes()}
   */
  public static GraphDef parseText(String text, String where) {
    Objects.requireNonNull(text, "text");
    GraphDef def;
    try {
      GraphDef.Builder b = GraphDef.newBuilder();
      TextFormat.Parser.newBuilder().build().merge(text, b);
      def = b.build();
    } catch (TextFormat.ParseException e) {
      throw RawOpsException.invalidArgument(
          "cannot parse " + where + " as a text GraphDef: " + e.getMessage());
    } catch (StackOverflowError e) {
      throw RawOpsException.invalidArgument(
          "cannot parse " + where + " as a text GraphDef: it nests too deeply");
    }
    return checkNodes(def, where);
  }

  /**
   * Parses a binary GraphDef.
   *
   * @throws RawOpsException INVALID_ARGUMENT when it does not parse, RESOURCE_EXHAUSTED past {@link
   *     Limits#maxNodes()}
   */
  public static GraphDef parseBinary(byte[] bytes, String where) {
    Objects.requireNonNull(bytes, "bytes");
    GraphDef def;
    try {
      def = GraphDef.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      throw RawOpsException.invalidArgument(
          "cannot parse " + where + " as a binary GraphDef: " + ProtoErrors.describe(e));
    }
    return checkNodes(def, where);
  }

  /** {@code def}, unless it has more nodes (graph and functions together) than the limit. */
  static GraphDef checkNodes(GraphDef def, String where) {
    long nodes = def.getNodeCount();
    for (FunctionDef f : def.getLibrary().getFunctionList()) {
      nodes += f.getNodeDefCount();
    }
    long limit = Limits.maxNodes();
    if (nodes > limit) {
      throw Limits.exceeded(where + " with " + nodes + " nodes", Limits.MAX_NODES, limit);
    }
    return def;
  }

  /**
   * Protobuf text from its bytes, for Java's TextFormat, which parses characters and reads a
   * string's characters back as UTF-8: every non-ASCII byte inside a quoted string becomes an octal
   * escape ({@code \377}), so the parsed bytes are exactly the file's (valid UTF-8 or not), as
   * C++'s TextFormat keeps them. Bytes elsewhere map one to one to characters (ISO-8859-1): in
   * comments they are ignored, anywhere else they do not parse, as in C++.
   */
  public static String protobufText(byte[] bytes) {
    StringBuilder sb = new StringBuilder(bytes.length + 16);
    char quote = 0; // the open string's quote, or 0 outside strings
    boolean comment = false;
    boolean escape = false;
    for (byte b : bytes) {
      int c = b & 0xff;
      if (comment) {
        comment = c != '\n';
        sb.append((char) c);
      } else if (quote != 0) {
        if (escape) {
          escape = false;
          sb.append((char) c);
        } else if (c >= 0x80) {
          sb.append('\\')
              .append((char) ('0' + (c >> 6)))
              .append((char) ('0' + ((c >> 3) & 7)))
              .append((char) ('0' + (c & 7)));
        } else {
          escape = c == '\\';
          if (c == quote || c == '\n') {
            quote = 0;
          }
          sb.append((char) c);
        }
      } else {
        if (c == '#') {
          comment = true;
        } else if (c == '"' || c == '\'') {
          quote = (char) c;
        }
        sb.append((char) c);
      }
    }
    return sb.toString();
  }
}
