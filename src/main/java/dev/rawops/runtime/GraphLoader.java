package dev.rawops.runtime;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tfproto.GraphDef;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads GraphDefs: binary ({@code .pb}) or protobuf text ({@code .pbtxt}, {@code .txt}). */
public final class GraphLoader {
  private GraphLoader() {}

  /**
   * Reads a GraphDef file, binary or text by its extension.
   *
   * @throws RawOpsException NOT_FOUND for a missing file, INVALID_ARGUMENT for one that does not
   *     parse (with the parser's line and column)
   */
  public static GraphDef read(Path path) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(path);
    } catch (NoSuchFileException e) {
      throw RawOpsException.of(Code.NOT_FOUND, "no such graph file: " + path);
    } catch (IOException e) {
      throw RawOpsException.of(Code.UNAVAILABLE, "cannot read " + path + ": " + e.getMessage());
    }
    return isText(path)
        ? parseText(new String(bytes, StandardCharsets.UTF_8), path.toString())
        : parseBinary(bytes, path.toString());
  }

  static boolean isText(Path path) {
    String n = path.getFileName().toString();
    return n.endsWith(".pbtxt") || n.endsWith(".txt") || n.endsWith(".textproto");
  }

  public static GraphDef parseText(String text, String where) {
    try {
      GraphDef.Builder b = GraphDef.newBuilder();
      TextFormat.Parser.newBuilder().build().merge(text, b);
      return b.build();
    } catch (TextFormat.ParseException e) {
      throw RawOpsException.invalidArgument(
          "cannot parse " + where + " as a text GraphDef: " + e.getMessage());
    }
  }

  public static GraphDef parseBinary(byte[] bytes, String where) {
    try {
      return GraphDef.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      throw RawOpsException.invalidArgument(
          "cannot parse " + where + " as a binary GraphDef: " + e.getMessage());
    }
  }
}
