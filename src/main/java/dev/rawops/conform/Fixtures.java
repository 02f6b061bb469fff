package dev.rawops.conform;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.ProtoErrors;
import dev.rawops.RawOpsException;
import dev.rawops.fixtureproto.Fixture;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Fixture files: {@code <name>.fixture.pbtxt} (protobuf text) or {@code <name>.fixture.pb} (binary)
 * of message {@code rawops.Fixture}. See docs/FIXTURES.md.
 */
public final class Fixtures {
  private Fixtures() {}

  public static boolean isFixtureFile(Path p) {
    String n = p.getFileName().toString();
    return n.endsWith(".fixture.pbtxt") || n.endsWith(".fixture.pb");
  }

  /**
   * The fixture files under {@code paths}: a file is taken as it is, a directory is searched
   * recursively for fixture files and SavedModel fixtures ({@code *.savedmodel.pbtxt}, {@code
   * *.savedmodel.pb}, and {@code expected.pbtxt} beside a {@code saved_model.pb}). Sorted by path
   * within each argument, arguments in order.
   *
   * @throws RawOpsException NOT_FOUND for a path that does not exist
   */
  public static List<Path> collect(List<Path> paths) {
    List<Path> out = new ArrayList<>();
    for (Path p : paths) {
      if (Files.isDirectory(p)) {
        try (Stream<Path> files = Files.walk(p)) {
          files
              .filter(
                  f ->
                      Files.isRegularFile(f) && (isFixtureFile(f) || SavedModelCases.isCaseFile(f)))
              .sorted()
              .forEach(out::add);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      } else if (Files.exists(p)) {
        out.add(p);
      } else {
        throw RawOpsException.of(Code.NOT_FOUND, "no such file or directory: " + p);
      }
    }
    return out;
  }

  /**
   * Reads one fixture: text unless the file name ends in {@code .pb}.
   *
   * @throws RawOpsException INVALID_ARGUMENT (with the parser's position) for a file that does not
   *     parse, UNAVAILABLE when it cannot be read
   */
  public static Fixture read(Path p) {
    // Capped like a graph file (a fixture carries one), and text parsed from its bytes.
    byte[] bytes =
        dev.rawops.runtime.GraphLoader.readCapped(
            p, dev.rawops.Limits.maxGraphBytes(), "a fixture file");
    if (p.getFileName().toString().endsWith(".pb")) {
      try {
        return Fixture.parseFrom(bytes);
      } catch (InvalidProtocolBufferException e) {
        throw RawOpsException.invalidArgument(
            "cannot parse " + p + " as a binary Fixture: " + ProtoErrors.describe(e));
      }
    }
    return parseText(dev.rawops.runtime.GraphLoader.protobufText(bytes), p.toString());
  }

  /**
   * The fixture as text ({@code header}, then protobuf's text format), checked to parse back to the
   * same bytes: typed float fields print every NaN as "nan", so a NaN payload there would otherwise
   * change silently.
   *
   * @throws IllegalStateException when the text does not parse back to {@code f}
   */
  public static String text(Fixture f, String header) {
    String text = header + TextFormat.printer().printToString(f);
    if (!Arrays.equals(deterministicBytes(parseText(text, f.getName())), deterministicBytes(f))) {
      throw new IllegalStateException(
          f.getName() + " does not survive the text format (a NaN payload in a typed field?)");
    }
    return text;
  }

  /** {@code m}'s bytes with map entries in key order (a plain serialization uses hash order). */
  public static byte[] deterministicBytes(com.google.protobuf.MessageLite m) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      CodedOutputStream out = CodedOutputStream.newInstance(bytes);
      out.useDeterministicSerialization();
      m.writeTo(out);
      out.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static Fixture parseText(String text, String where) {
    try {
      Fixture.Builder b = Fixture.newBuilder();
      TextFormat.Parser.newBuilder().build().merge(text, b);
      return b.build();
    } catch (TextFormat.ParseException e) {
      throw RawOpsException.invalidArgument(
          "cannot parse " + where + " as a text Fixture: " + e.getMessage());
    }
  }
}
