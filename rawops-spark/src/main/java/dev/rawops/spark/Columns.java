package dev.rawops.spark;

import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * How a signature's tensors map to DataFrame columns, checked on the driver. A row is one element
 * along axis 0 of each tensor: an input of shape {@code [batch, d1, ..., dk]} is a column of k
 * nested arrays of the dtype's Spark type (a scalar column for {@code [batch]}), and an output
 * likewise. Dtypes: float ↔ FloatType, double ↔ DoubleType, int8/16/32/64 ↔ Byte/Short/Integer/
 * LongType, bool ↔ BooleanType, string ↔ StringType (UTF-8) or BinaryType (inputs; outputs are
 * StringType), half and bfloat16 outputs ↔ FloatType.
 */
final class Columns {
  private Columns() {}

  /** One fed input: its column, dtype, and the shape of one row (-1: any length). */
  record Feed(String inputKey, String column, int columnIndex, DType dtype, long[] rowDims)
      implements Serializable {
    int depth() {
      return rowDims.length;
    }
  }

  /** One fetched output, appended as a column. */
  record Fetch(String outputKey, String column, DType dtype, int depth) implements Serializable {}

  static List<Feed> feeds(
      SavedModel.Signature sig, Map<String, String> feedDict, StructType schema) {
    Map<String, SavedModel.TensorSpec> inputs = new LinkedHashMap<>();
    sig.inputs().forEach(s -> inputs.put(s.key(), s));
    Map<String, String> dict = feedDict;
    if (dict == null || dict.isEmpty()) {
      // Without a feed dict, each input is fed from the column of its own name.
      dict = new LinkedHashMap<>();
      for (String k : inputs.keySet()) {
        dict.put(k, k);
      }
    }
    for (String k : inputs.keySet()) {
      if (!dict.containsKey(k)) {
        throw new IllegalArgumentException(
            "signature '"
                + sig.key()
                + "' needs input '"
                + k
                + "' ("
                + describe(inputs.get(k))
                + "), which the feed dict does not map to a column; it maps: "
                + dict.keySet());
      }
    }
    List<Feed> out = new ArrayList<>();
    for (Map.Entry<String, String> e : dict.entrySet()) {
      SavedModel.TensorSpec spec = inputs.get(e.getKey());
      if (spec == null) {
        throw new IllegalArgumentException(
            "feed dict: signature '"
                + sig.key()
                + "' has no input '"
                + e.getKey()
                + "'; its inputs are: "
                + String.join(", ", inputs.keySet()));
      }
      out.add(feed(spec, e.getValue(), schema));
    }
    return out;
  }

  private static Feed feed(SavedModel.TensorSpec spec, String column, StructType schema) {
    int index = Arrays.asList(schema.fieldNames()).indexOf(column);
    if (index < 0) {
      throw new IllegalArgumentException(
          "input '"
              + spec.key()
              + "' ("
              + describe(spec)
              + ") is fed from column '"
              + column
              + "', which the DataFrame does not have; its columns are: "
              + String.join(", ", schema.fieldNames()));
    }
    long[] rowDims = rowDims(spec, "input");
    DataType want = sparkType(spec, rowDims.length, true);
    DataType got = schema.fields()[index].dataType();
    boolean ok = got.sameType(want);
    if (!ok && spec.dtype() == DType.STRING) {
      ok = got.sameType(nest(DataTypes.BinaryType, rowDims.length));
    }
    if (!ok) {
      throw new IllegalArgumentException(
          "column '"
              + column
              + "' is "
              + got.simpleString()
              + ", but input '"
              + spec.key()
              + "' is "
              + describe(spec)
              + ": one row needs "
              + want.simpleString()
              + (spec.dtype() == DType.STRING ? " (or the same of binary)" : "")
              + " (cast the column, e.g. col(\""
              + column
              + "\").cast(\""
              + want.simpleString()
              + "\"))");
    }
    return new Feed(spec.key(), column, index, spec.dtype(), rowDims);
  }

  static List<Fetch> fetches(
      SavedModel.Signature sig, Map<String, String> fetchDict, StructType schema) {
    Map<String, SavedModel.TensorSpec> outputs = new LinkedHashMap<>();
    sig.outputs().forEach(s -> outputs.put(s.key(), s));
    Map<String, String> dict = fetchDict;
    if (dict == null || dict.isEmpty()) {
      dict = new LinkedHashMap<>();
      for (String k : outputs.keySet()) {
        dict.put(k, k);
      }
    }
    List<Fetch> out = new ArrayList<>();
    for (Map.Entry<String, String> e : dict.entrySet()) {
      String column = e.getKey();
      SavedModel.TensorSpec spec = outputs.get(e.getValue());
      if (spec == null) {
        throw new IllegalArgumentException(
            "fetch dict: column '"
                + column
                + "' asks for output '"
                + e.getValue()
                + "', which signature '"
                + sig.key()
                + "' does not have; its outputs are: "
                + String.join(", ", outputs.keySet()));
      }
      if (Arrays.asList(schema.fieldNames()).contains(column)) {
        throw new IllegalArgumentException(
            "fetch dict: output column '" + column + "' is already a column of the DataFrame");
      }
      long[] rowDims = rowDims(spec, "output");
      sparkType(spec, rowDims.length, false); // a dtype with no Spark type fails here
      out.add(new Fetch(spec.key(), column, spec.dtype(), rowDims.length));
    }
    return out;
  }

  static StructType outputSchema(StructType in, List<Fetch> fetches, SavedModel.Signature sig) {
    StructType out = in;
    for (Fetch f : fetches) {
      SavedModel.TensorSpec spec =
          sig.outputs().stream().filter(s -> s.key().equals(f.outputKey())).findFirst().get();
      out = out.add(new StructField(f.column(), sparkType(spec, f.depth(), false), true, null));
    }
    return out;
  }

  /** The dims of one row: the spec's shape without its batch dimension. */
  private static long[] rowDims(SavedModel.TensorSpec spec, String what) {
    PartialShape s = spec.shape();
    if (!s.hasRank() || s.rank() == 0) {
      throw new IllegalArgumentException(
          what
              + " '"
              + spec.key()
              + "' is "
              + describe(spec)
              + ": RawOpsModel "
              + (what.equals("input") ? "feeds" : "fetches")
              + " one row per element along axis 0, so it needs a known rank >= 1"
              + (what.equals("output") ? " (leave it out of the fetch dict)" : ""));
    }
    long[] dims = new long[s.rank() - 1];
    for (int i = 1; i < s.rank(); i++) {
      dims[i - 1] = s.dim(i);
    }
    return dims;
  }

  private static DataType sparkType(SavedModel.TensorSpec spec, int depth, boolean input) {
    DataType element =
        switch (spec.dtype() == null ? DType.RESOURCE : spec.dtype()) {
          case FLOAT -> DataTypes.FloatType;
          case DOUBLE -> DataTypes.DoubleType;
          case INT8 -> DataTypes.ByteType;
          case INT16 -> DataTypes.ShortType;
          case INT32 -> DataTypes.IntegerType;
          case INT64 -> DataTypes.LongType;
          case BOOL -> DataTypes.BooleanType;
          case STRING -> DataTypes.StringType;
          case HALF, BFLOAT16 -> input ? null : DataTypes.FloatType;
          default -> null;
        };
    if (element == null) {
      throw new IllegalArgumentException(
          (input ? "input '" : "output '")
              + spec.key()
              + "' is "
              + describe(spec)
              + ": RawOpsModel maps float, double, int8, int16, int32, int64, bool and string"
              + (input ? "" : " (and half, bfloat16 outputs)")
              + " to Spark columns");
    }
    return nest(element, depth);
  }

  private static DataType nest(DataType element, int depth) {
    DataType t = element;
    for (int i = 0; i < depth; i++) {
      t = new ArrayType(t, true);
    }
    return t;
  }

  static String describe(SavedModel.TensorSpec spec) {
    return spec.dtypeName() + spec.shape();
  }
}
