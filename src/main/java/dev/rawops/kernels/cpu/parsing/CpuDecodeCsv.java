package dev.rawops.kernels.cpu.parsing;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.NumberParsing;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * DecodeCSV on CPU (decode_csv_op.cc): each record split into fields as TF's ExtractFields does (CR
 * and LF between fields skipped, quoted fields with doubled quotes, an empty last field after a
 * trailing delimiter, only the select_cols kept), then each field converted to its column's dtype,
 * an empty field or na_value taking the column's default. The attr errors TF's kernel raises at
 * construction are raised when the kernel is made, the record errors in TF's order.
 */
final class CpuDecodeCsv {
  private CpuDecodeCsv() {}

  static final List<KernelDef> DEFS =
      List.of(KernelDef.builder("DecodeCSV", Device.CPU).build(CpuDecodeCsv::kernel));

  private static final BigInteger I32_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
  private static final BigInteger I32_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
  private static final BigInteger I64_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger I64_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  /** The attrs as TF's constructor reads and checks them. */
  private static final class Config {
    private final DType[] types;
    private final long[] selectCols;
    private final byte delim;
    private final boolean quotes;
    private final byte[] naValue;

    Config(DType[] types, long[] selectCols, byte delim, boolean quotes, byte[] naValue) {
      this.types = types;
      this.selectCols = selectCols;
      this.delim = delim;
      this.quotes = quotes;
      this.naValue = naValue;
    }

    DType[] types() {
      return types;
    }

    long[] selectCols() {
      return selectCols;
    }

    byte delim() {
      return delim;
    }

    boolean quotes() {
      return quotes;
    }

    byte[] naValue() {
      return naValue;
    }
  }

  private static dev.rawops.kernels.Kernel kernel(NodeInfo node) {
    DType[] types =
        node.attrs().getTypeList("OUT_TYPE").stream().map(DType::fromProto).toArray(DType[]::new);
    long[] select =
        node.attrs().get("select_cols").getList().getIList().stream()
            .mapToLong(Long::longValue)
            .toArray();
    if (select.length != 0 && select.length != types.length) {
      throw node.invalidArgument("select_cols should match output size");
    }
    for (int i = 1; i < select.length; i++) {
      if (select[i - 1] >= select[i]) {
        throw node.invalidArgument("select_cols should be strictly increasing indices");
      }
    }
    if (select.length > 0 && select[0] < 0) {
      throw node.invalidArgument("select_cols should be non-negative indices");
    }
    byte[] delim = node.attrs().get("field_delim").getS().toByteArray();
    if (delim.length != 1) {
      throw node.invalidArgument("field_delim should be only 1 char");
    }
    Config c =
        new Config(
            types,
            select,
            delim[0],
            node.attrs().getBool("use_quote_delim"),
            node.attrs().get("na_value").getS().toByteArray());
    return ctx -> decode(node, c, ctx);
  }

  private static void decode(NodeInfo node, Config c, KernelContext ctx) {
    int nf = c.types().length;
    Tensor records = ctx.input(0);
    Tensor[] defaults = new Tensor[nf];
    for (int i = 0; i < nf; i++) {
      defaults[i] = ctx.input(1 + i);
      if (defaults[i].shape().rank() > 1) {
        throw node.invalidArgument("Each record default should be at most rank 1");
      }
      if (defaults[i].numElements() >= 2) {
        throw node.invalidArgument(
            "There should only be 1 default per field but field "
                + i
                + " has "
                + defaults[i].numElements());
      }
    }
    byte[][] rec = KernelAccess.strings(records);
    TensorBuffer[] out = new TensorBuffer[nf];
    for (int f = 0; f < nf; f++) {
      out[f] = ctx.allocate(c.types()[f], records.shape());
    }
    for (int i = 0; i < rec.length; i++) {
      List<byte[]> fields = extractFields(node, c, rec[i]);
      if (fields.size() != nf) {
        throw node.invalidArgument(
            "Expect " + nf + " fields but have " + fields.size() + " in record " + i);
      }
      for (int f = 0; f < nf; f++) {
        byte[] field = fields.get(f);
        if (field.length == 0 || Arrays.equals(field, c.naValue())) {
          if (defaults[f].numElements() != 1) {
            throw node.invalidArgument(
                "Field " + f + " is required but missing in record " + i + "!");
          }
          copyDefault(defaults[f], out[f], i);
        } else {
          convert(node, c.types()[f], field, out[f], f, i);
        }
      }
    }
    for (int f = 0; f < nf; f++) {
      ctx.setOutput(f, out[f].freeze());
    }
  }

  private static void copyDefault(Tensor dflt, TensorBuffer out, int i) {
    if (out.dtype() == DType.STRING) {
      out.strings()[i] = dflt.getString(0);
      return;
    }
    long w = out.dtype().byteSize();
    MemorySegment.copy(dflt.data(), 0, out.segment(), i * w, w);
  }

  private static void convert(
      NodeInfo node, DType t, byte[] field, TensorBuffer out, int f, int record) {
    if (t == DType.STRING) {
      out.strings()[record] = field;
      return;
    }
    MemorySegment o = out.segment();
    boolean ok;
    switch (t) {
      case INT32 -> {
        Long v = NumberParsing.parseInteger(field, true, I32_MIN, I32_MAX);
        ok = v != null;
        if (ok) {
          o.setAtIndex(Layouts.I32, record, v.intValue());
        }
      }
      case INT64 -> {
        Long v = NumberParsing.parseInteger(field, true, I64_MIN, I64_MAX);
        ok = v != null;
        if (ok) {
          o.setAtIndex(Layouts.I64, record, v);
        }
      }
      case FLOAT -> {
        Double v = NumberParsing.parseFloating(field, true);
        ok = v != null;
        if (ok) {
          o.setAtIndex(Layouts.F32, record, toFloat(v));
        }
      }
      default -> {
        Double v = NumberParsing.parseFloating(field, false);
        ok = v != null;
        if (ok) {
          o.setAtIndex(Layouts.F64, record, v);
        }
      }
    }
    if (!ok) {
      ByteArrayOutputStream m = new ByteArrayOutputStream();
      m.writeBytes(
          ("Field " + f + " in record " + record + " is not a valid " + t.tfName() + ": ")
              .getBytes(StandardCharsets.UTF_8));
      m.writeBytes(field);
      throw node.invalidArgument(m.toString(StandardCharsets.UTF_8));
    }
  }

  /** A parsed double as float; a NaN keeps its sign as double-conversion's float NaN. */
  private static float toFloat(double v) {
    if (Double.isNaN(v)) {
      return Float.intBitsToFloat(Double.doubleToRawLongBits(v) < 0 ? 0xFFC00000 : 0x7FC00000);
    }
    return (float) v;
  }

  /** TF's ExtractFields: the selected fields of one record, or its error. */
  private static List<byte[]> extractFields(NodeInfo node, Config c, byte[] in) {
    List<byte[]> result = new ArrayList<>();
    if (in.length == 0) {
      return result;
    }
    boolean all = c.selectCols().length == 0;
    int at = 0;
    long parsed = 0;
    int selector = 0;
    byte delim = c.delim();
    ByteArrayOutputStream field = new ByteArrayOutputStream();
    while (at < in.length) {
      if (in[at] == '\n' || in[at] == '\r') {
        at++;
        continue;
      }
      boolean include = all || c.selectCols()[selector] == parsed;
      boolean quoted = false;
      if (c.quotes() && in[at] == '"') {
        quoted = true;
        at++;
      }
      field.reset();
      if (!quoted) {
        while (at < in.length && in[at] != delim) {
          if ((c.quotes() && in[at] == '"') || in[at] == '\n' || in[at] == '\r') {
            throw node.invalidArgument("Unquoted fields cannot have quotes/CRLFs inside");
          }
          if (include) {
            field.write(in[at]);
          }
          at++;
        }
        at++;
      } else {
        while (at < in.length - 1 && (in[at] != '"' || in[at + 1] != delim)) {
          if (in[at] != '"') {
            if (include) {
              field.write(in[at]);
            }
            at++;
          } else {
            if (in[at + 1] != '"') {
              throw node.invalidArgument(
                  "Quote inside a string has to be escaped by another quote");
            }
            if (include) {
              field.write('"');
            }
            at += 2;
          }
        }
        if (!(at < in.length && in[at] == '"' && (at == in.length - 1 || in[at + 1] == delim))) {
          throw node.invalidArgument("Quoted field has to end with quote followed by delim or end");
        }
        at += 2;
      }
      parsed++;
      if (include) {
        result.add(field.toByteArray());
        selector++;
        if (selector == c.selectCols().length) {
          return result;
        }
      }
    }
    boolean include = all || c.selectCols()[selector] == parsed;
    if (include && in[in.length - 1] == delim) {
      result.add(new byte[0]);
    }
    return result;
  }
}
