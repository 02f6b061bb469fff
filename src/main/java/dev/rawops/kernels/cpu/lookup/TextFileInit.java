package dev.rawops.kernels.cpu.lookup;

import dev.rawops.Code;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * TF's InitializeTableFromTextFile (lookup_util.cc): one entry per line, key and value each a
 * column split at the delimiter ({@code index >= 0}), the line number ({@code -1}, int64, plus
 * {@code offset}) or the whole line ({@code -2}); int32 fields get {@code offset} added too, as in
 * TF. Lines end at '\n' (a trailing '\r' dropped); a last line without one counts.
 */
final class TextFileInit {
  static final int LINE_NUMBER = -1;
  static final int WHOLE_LINE = -2;

  private final NodeInfo node;
  private final String filename;
  private final long vocabSize;
  private final char delimiter;
  private final long keyIndex;
  private final long valueIndex;
  private final long offset;
  private final DType keyDtype;
  private final DType valueDtype;

  TextFileInit(
      NodeInfo node,
      String filename,
      long vocabSize,
      char delimiter,
      long keyIndex,
      long valueIndex,
      long offset,
      DType keyDtype,
      DType valueDtype) {
    this.node = node;
    this.filename = filename;
    this.vocabSize = vocabSize;
    this.delimiter = delimiter;
    this.keyIndex = keyIndex;
    this.valueIndex = valueIndex;
    this.offset = offset;
    this.keyDtype = keyDtype;
    this.valueDtype = valueDtype;
  }

  /** TF's dtype checks of the indices, before the file is opened. */
  void checkIndices() {
    if (keyIndex == LINE_NUMBER && keyDtype != DType.INT64) {
      throw node.invalidArgument(
          "Key index for line number requires table key dtype of int64, got " + keyDtype.tfName());
    }
    if (keyIndex == WHOLE_LINE && !keyDtype.isInteger() && keyDtype != DType.STRING) {
      throw node.invalidArgument(
          "Key index for whole line requires string or integer table key, got "
              + keyDtype.tfName());
    }
    if (valueIndex == LINE_NUMBER && valueDtype != DType.INT64) {
      throw node.invalidArgument(
          "Value index for line number requires table value dtype of int64, got "
              + valueDtype.tfName());
    }
    if (valueIndex == WHOLE_LINE && !valueDtype.isInteger() && valueDtype != DType.STRING) {
      throw node.invalidArgument(
          "Value index for whole line requires table value dtype of integer or string, got "
              + valueDtype.tfName());
    }
  }

  /** One line as TF's InputBuffer::ReadLine returns it, and the offset just past it. */
  private record Line(String text, long end) {}

  private List<Line> lines() {
    byte[] data;
    try {
      data = Files.readAllBytes(Path.of(filename));
    } catch (NoSuchFileException | java.nio.file.InvalidPathException e) {
      throw node.error(Code.NOT_FOUND, filename + "; No such file or directory");
    } catch (IOException e) {
      throw node.error(Code.NOT_FOUND, filename + "; " + e.getMessage());
    }
    List<Line> out = new ArrayList<>();
    int start = 0;
    while (start < data.length) {
      int nl = start;
      while (nl < data.length && data[nl] != '\n') {
        nl++;
      }
      int end = nl;
      if (end > start && data[end - 1] == '\r') {
        end--;
      }
      out.add(
          new Line(
              new String(data, start, end - start, StandardCharsets.ISO_8859_1),
              Math.min(nl + 1, data.length)));
      start = nl + 1;
    }
    return out;
  }

  /**
   * Reads the file and fills {@code table}: TF's iterator (its first record read when it is made,
   * so a file whose first record fails fails before the table is looked at), then Initialize.
   */
  void run(HashTable table) {
    List<Line> lines = lines();
    boolean split = Math.max(keyIndex, valueIndex) >= 0;
    int rows = 0;
    List<String[]> parsed = new ArrayList<>();
    RuntimeException stop = null;
    for (Line line : lines) {
      if (vocabSize != -1 && rows >= vocabSize) {
        break; // TF's OUT_OF_RANGE "Finished reading": the normal end
      }
      try {
        parsed.add(record(line, rows, split));
      } catch (RuntimeException e) {
        stop = e;
        break;
      }
      rows++;
    }
    if (stop == null && vocabSize != -1 && rows < vocabSize && rows == lines.size()) {
      stop =
          node.invalidArgument(
              "Invalid vocab_size in " + filename + ": expected " + vocabSize + " but got " + rows);
    }
    if (parsed.isEmpty()) {
      throw stop != null ? stop : endOfFirstRead(lines.isEmpty());
    }
    if (table.isInitialized()) {
      return; // TF: an initialized table's FAILED_PRECONDITION is ignored for files
    }
    Tensor keys = column(parsed, 0, keyDtype, keyIndex);
    Tensor values = column(parsed, 1, valueDtype, valueIndex);
    table.add(node, keys, values);
    if (stop != null) {
      throw stop;
    }
    table.markInitialized();
  }

  private RuntimeException endOfFirstRead(boolean emptyFile) {
    if (emptyFile) {
      return node.error(Code.OUT_OF_RANGE, "Read less bytes than requested");
    }
    return node.error(
        Code.OUT_OF_RANGE, "Finished reading " + vocabSize + " of lines from " + filename);
  }

  /** Key and value text of one line (already range-checked by parsing). */
  private String[] record(Line line, long id, boolean split) {
    if (line.text().isEmpty()) {
      throw node.invalidArgument(
          "Invalid content in " + filename + ": empty line found at position " + line.end() + ".");
    }
    List<String> tokens = split ? splitAt(line.text()) : List.of();
    long expected = Math.max(keyIndex, valueIndex) + 1;
    if (split && tokens.size() < expected) {
      throw node.invalidArgument(
          "Invalid number of columns in "
              + filename
              + " line "
              + id
              + " ("
              + utf8(line.text())
              + ") : expected at least "
              + expected
              + " got "
              + tokens.size());
    }
    String key = field(line.text(), tokens, keyIndex, id);
    String value = field(line.text(), tokens, valueIndex, id);
    check(key, keyDtype, keyIndex, id);
    check(value, valueDtype, valueIndex, id);
    return new String[] {key, value};
  }

  private static String utf8(String latin1) {
    return new String(latin1.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
  }

  private List<String> splitAt(String line) {
    List<String> out = new ArrayList<>();
    int from = 0;
    for (int i = 0; i < line.length(); i++) {
      if (line.charAt(i) == delimiter) {
        out.add(line.substring(from, i));
        from = i + 1;
      }
    }
    out.add(line.substring(from));
    return out;
  }

  private static String field(String line, List<String> tokens, long index, long id) {
    if (index == LINE_NUMBER) {
      return Long.toString(id);
    }
    return index == WHOLE_LINE ? line : tokens.get((int) index);
  }

  /** TF's SetValue parse of one field; the line number needs none. */
  private void check(String token, DType dtype, long index, long id) {
    if (index == LINE_NUMBER) {
      return;
    }
    boolean ok =
        switch (dtype) {
          case INT32 -> TextNumbers.parseInt(token, Integer.MIN_VALUE, Integer.MAX_VALUE) != null;
          case INT64 -> TextNumbers.parseInt(token, Long.MIN_VALUE, Long.MAX_VALUE) != null;
          case FLOAT -> TextNumbers.parseFloat(token) != null;
          case DOUBLE -> TextNumbers.parseDouble(token) != null;
          case STRING -> true;
          default -> throw node.invalidArgument("Data type " + dtype.tfName() + " not supported.");
        };
    if (!ok) {
      throw node.invalidArgument(
          "Field " + utf8(token) + " in line " + id + " is not a valid " + dtype.tfName() + ".");
    }
  }

  private Tensor column(List<String[]> parsed, int which, DType dtype, long index) {
    int n = parsed.size();
    TensorBuffer b = TensorBuffer.allocate(dtype, Shape.of(n));
    for (int i = 0; i < n; i++) {
      String token = parsed.get(i)[which];
      switch (dtype) {
        case STRING -> b.strings()[i] = token.getBytes(StandardCharsets.ISO_8859_1);
        case INT32 ->
            b.setIndex(i, TextNumbers.parseInt(token, Long.MIN_VALUE, Long.MAX_VALUE) + offset);
        case INT64 ->
            b.setIndex(
                i,
                index == LINE_NUMBER
                    ? Long.parseLong(token) + offset
                    : TextNumbers.parseInt(token, Long.MIN_VALUE, Long.MAX_VALUE));
        case FLOAT ->
            b.segment().setAtIndex(dev.rawops.tensor.Layouts.F32, i, TextNumbers.parseFloat(token));
        default ->
            b.segment()
                .setAtIndex(dev.rawops.tensor.Layouts.F64, i, TextNumbers.parseDouble(token));
      }
    }
    return b.freeze();
  }
}
