package dev.rawops.ops;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.OpDef;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An op's interface exactly as TensorFlow 2.18 declares it (its OpDef), and the generic checks TF
 * applies to every NodeDef against it: attrs known, present, typed, allowed and above their
 * minimum; input count matching the expanded arg list.
 */
public final class OpSchema {
  /** The most tensors one number_attr argument may stand for. */
  static final long MAX_LIST_LENGTH = 1 << 20;

  private final OpDef def;

  private OpSchema(OpDef def) {
    this.def = def;
  }

  /** Parses an OpDef in protobuf text format (as printed by TF's op registry). */
  public static OpSchema parse(String opDefText) {
    try {
      OpDef.Builder b = OpDef.newBuilder();
      TextFormat.merge(opDefText, b);
      return new OpSchema(b.build());
    } catch (TextFormat.ParseException e) {
      throw new IllegalArgumentException("bad OpDef text: " + e.getMessage(), e);
    }
  }

  /**
   * The schema of TF op {@code name} from TF 2.18's registry ({@link TfOpDefs}): what an op written
   * as data uses instead of pasting its OpDef.
   *
   * @throws IllegalArgumentException when TF 2.18 has no such op
   */
  public static OpSchema tf(String name) {
    return new OpSchema(
        TfOpDefs.get(name)
            .orElseThrow(() -> new IllegalArgumentException("TF 2.18 has no op named " + name)));
  }

  /** A schema for {@code def} as given, e.g. a library function's signature. */
  public static OpSchema of(OpDef def) {
    return new OpSchema(def);
  }

  public OpDef def() {
    return def;
  }

  public String name() {
    return def.getName();
  }

  /**
   * Checks {@code node} against the OpDef and resolves its signature.
   *
   * @throws RawOpsException INVALID_ARGUMENT naming the attr or input rule broken
   */
  public Signature resolve(NodeDef node) {
    return resolveUncached(node);
  }

  /**
   * {@link #resolve(NodeDef)} through {@code cache}: a node whose declared attrs equal those of a
   * node resolved before (same schema) shares that node's {@link Signature}, whose attr checks then
   * need not run again; only its input count is checked. Schemas with tensor-valued attrs (Const)
   * are resolved directly, since hashing their values would cost more than checking them.
   *
   * @throws RawOpsException as {@link #resolve(NodeDef)}
   */
  public Signature resolve(NodeDef node, SignatureCache cache) {
    if (!cacheable()) {
      return resolveUncached(node);
    }
    List<OpDef.AttrDef> attrDefs = def.getAttrList();
    AttrValue[] values = new AttrValue[attrDefs.size()];
    Map<String, AttrValue> given = node.getAttrMap();
    if (!given.isEmpty()) {
      for (int i = 0; i < values.length; i++) {
        values[i] = given.get(attrDefs.get(i).getName()); // null: the default
      }
    }
    SignatureCache.Key key = new SignatureCache.Key(this, values);
    Signature s = cache.signatures.get(key);
    if (s == null) {
      s = resolveUncached(node);
      cache.signatures.put(key, s);
    } else {
      checkInputCount(node, s.inputTypes());
    }
    return s;
  }

  /**
   * Signatures already resolved during one graph build (not thread-safe; one per build). Nodes of
   * the same op with equal attrs share one signature.
   */
  public static final class SignatureCache {
    private final Map<Key, Signature> signatures = new java.util.HashMap<>();

    private static final class Key {
      private final OpSchema schema;
      private final AttrValue[] values;
      private final int hash;

      Key(OpSchema schema, AttrValue[] values) {
        this.schema = schema;
        this.values = values;
        this.hash = 31 * System.identityHashCode(schema) + java.util.Arrays.hashCode(values);
      }

      @Override
      public boolean equals(Object o) {
        return o instanceof Key k
            && k.schema == schema
            && k.hash == hash
            && java.util.Arrays.equals(k.values, values);
      }

      @Override
      public int hashCode() {
        return hash;
      }
    }
  }

  // 1: may be cached; 2: not (a tensor-valued attr); 0: not yet known.
  private volatile int cacheable;

  private boolean cacheable() {
    int c = cacheable;
    if (c == 0) {
      c = 1;
      for (OpDef.AttrDef a : def.getAttrList()) {
        if (a.getType().equals("tensor") || a.getType().equals("list(tensor)")) {
          c = 2;
        }
      }
      cacheable = c;
    }
    return c == 1;
  }

  private void checkInputCount(NodeDef node, List<DataType> inTypes) {
    int dataInputs = 0;
    for (int i = 0, n = node.getInputCount(); i < n; i++) {
      if (!node.getInput(i).startsWith("^")) {
        dataInputs++;
      }
    }
    if (dataInputs != inTypes.size()) {
      throw fail(
          node,
          "NodeDef expected inputs '"
              + typeNames(inTypes)
              + "' do not match "
              + dataInputs
              + " inputs specified");
    }
  }

  private Signature resolveUncached(NodeDef node) {
    // Attrs the OpDef does not declare are ignored, as TF 2.18's ValidateNodeDef does ("Unknown
    // attributes will be ignored": they may come from a newer TF); they never reach the kernel.
    Map<String, AttrValue> attrs = new TreeMap<>();
    for (OpDef.AttrDef a : def.getAttrList()) {
      AttrValue v = node.getAttrMap().get(a.getName());
      if (v == null) {
        if (!a.hasDefaultValue()) {
          throw fail(
              node, "NodeDef missing attr '" + a.getName() + "' (" + a.getType() + ", no default)");
        }
        v = a.getDefaultValue();
      }
      checkAttr(node, a, v);
      attrs.put(a.getName(), v);
    }
    Attrs resolved = new Attrs(ImmutableMap.copyOf(attrs));
    List<DataType> inTypes = new ArrayList<>();
    List<String> inArgs = new ArrayList<>();
    for (OpDef.ArgDef arg : def.getInputArgList()) {
      expand(node, arg, resolved, inTypes, inArgs);
    }
    List<DataType> outTypes = new ArrayList<>();
    List<String> outArgs = new ArrayList<>();
    for (OpDef.ArgDef arg : def.getOutputArgList()) {
      expand(node, arg, resolved, outTypes, outArgs);
    }
    checkInputCount(node, inTypes);
    return new Signature(
        resolved,
        ImmutableList.copyOf(inTypes),
        ImmutableList.copyOf(inArgs),
        ImmutableList.copyOf(outTypes),
        ImmutableList.copyOf(outArgs));
  }

  private void expand(
      NodeDef node, OpDef.ArgDef arg, Attrs attrs, List<DataType> types, List<String> args) {
    // A library function's signature may name an attr it does not declare (found by
    // FixtureFuzzTest: a raw IllegalArgumentException from Attrs.get). TF 2.18 answers NOT_FOUND
    // "No attr named 'A' in NodeDef:" at import (UndeclaredFunctionAttrTest, -Ptf).
    for (String a : List.of(arg.getTypeListAttr(), arg.getTypeAttr(), arg.getNumberAttr())) {
      if (!a.isEmpty() && !attrs.has(a)) {
        throw RawOpsException.of(Code.NOT_FOUND, "No attr named '" + a + "' in NodeDef:")
            .atNode(node.getName(), def.getName());
      }
    }
    if (!arg.getTypeListAttr().isEmpty()) {
      for (DataType t : attrs.getTypeList(arg.getTypeListAttr())) {
        types.add(t);
        args.add(arg.getName());
      }
      return;
    }
    DataType t = arg.getTypeAttr().isEmpty() ? arg.getType() : attrs.getType(arg.getTypeAttr());
    if (arg.getIsRef()) {
      t = refOf(t);
    }
    long n = arg.getNumberAttr().isEmpty() ? 1 : attrs.getInt(arg.getNumberAttr());
    if (n > MAX_LIST_LENGTH) {
      // Expanding e.g. RaggedGather's OUTPUT_RAGGED_RANK = 5000000000 would exhaust the heap.
      throw fail(
          node,
          "attr '"
              + arg.getNumberAttr()
              + "' = "
              + n
              + " asks for "
              + n
              + " tensors in '"
              + arg.getName()
              + "'; rawops supports at most "
              + MAX_LIST_LENGTH
              + " per argument");
    }
    types.addAll(Collections.nCopies((int) n, t));
    args.addAll(Collections.nCopies((int) n, arg.getName()));
  }

  private void checkAttr(NodeDef node, OpDef.AttrDef a, AttrValue v) {
    String got = AttrText.typeOf(v);
    boolean typeOk =
        got.equals(a.getType()) || (a.getType().startsWith("list(") && got.equals("list(empty)"));
    if (!typeOk) {
      throw fail(
          node,
          "attr '"
              + a.getName()
              + "' has a value of type '"
              + got
              + "' when '"
              + a.getType()
              + "' expected");
    }
    if (a.getType().equals("type")
        && DType.fromProtoOrNull(v.getType()) == null
        && v.getType() == DataType.DT_INVALID) {
      throw fail(node, "attr '" + a.getName() + "' is DT_INVALID: set it to a data type");
    }
    if (a.getType().equals("type") && v.getType() == DataType.UNRECOGNIZED) {
      throw fail(
          node,
          "attr '"
              + a.getName()
              + "' has value "
              + v.getTypeValue()
              + ", which is not a DataType TensorFlow knows (unknown dtype enum)");
    }
    if (a.getType().equals("list(type)")) {
      for (int i = 0; i < v.getList().getTypeCount(); i++) {
        if (v.getList().getType(i) == DataType.UNRECOGNIZED) {
          throw fail(
              node,
              "attr '"
                  + a.getName()
                  + "' has value "
                  + v.getList().getTypeValue(i)
                  + " at index "
                  + i
                  + ", which is not a DataType TensorFlow knows (unknown dtype enum)");
        }
      }
    }
    if (a.hasAllowedValues()) {
      checkAllowed(node, a, v);
    }
    if (a.getHasMinimum()) {
      long value = a.getType().startsWith("list(") ? listLength(v) : v.getI();
      if (value < a.getMinimum()) {
        String what = a.getType().startsWith("list(") ? "length " + value : Long.toString(value);
        throw fail(
            node,
            "value for attr '"
                + a.getName()
                + "' of "
                + what
                + " must be at least minimum "
                + a.getMinimum());
      }
    }
  }

  private void checkAllowed(NodeDef node, OpDef.AttrDef a, AttrValue v) {
    AttrValue.ListValue allowed = a.getAllowedValues().getList();
    if (a.getType().equals("type") || a.getType().equals("list(type)")) {
      List<DataType> values =
          a.getType().equals("type") ? List.of(v.getType()) : v.getList().getTypeList();
      for (DataType t : values) {
        if (!allowed.getTypeList().contains(t)) {
          throw fail(
              node,
              "value for attr '"
                  + a.getName()
                  + "' of "
                  + DType.tfName(t)
                  + " is not in the list of allowed values: "
                  + typeNames(allowed.getTypeList()));
        }
      }
    } else if (a.getType().equals("string")) {
      if (!allowed.getSList().contains(v.getS())) {
        throw fail(
            node,
            "value for attr '"
                + a.getName()
                + "' of \""
                + v.getS().toString(StandardCharsets.UTF_8)
                + "\" is not in the list of allowed values: "
                + AttrText.render(a.getAllowedValues()));
      }
    }
  }

  private static long listLength(AttrValue v) {
    AttrValue.ListValue l = v.getList();
    return (long) l.getSCount()
        + l.getICount()
        + l.getFCount()
        + l.getBCount()
        + l.getTypeCount()
        + l.getShapeCount()
        + l.getTensorCount()
        + l.getFuncCount();
  }

  /** TF's reference type of {@code t} (DT_FLOAT → DT_FLOAT_REF: the number plus 100). */
  public static DataType refOf(DataType t) {
    if (t == DataType.UNRECOGNIZED || t == DataType.DT_INVALID || t.getNumber() > 100) {
      return t;
    }
    DataType ref = DataType.forNumber(t.getNumber() + 100);
    return ref == null ? t : ref;
  }

  /** The value type of a reference type (DT_FLOAT_REF → DT_FLOAT); other types unchanged. */
  public static DataType baseOf(DataType t) {
    if (t == DataType.UNRECOGNIZED || t.getNumber() <= 100) {
      return t;
    }
    DataType base = DataType.forNumber(t.getNumber() - 100);
    return base == null ? t : base;
  }

  static String typeNames(List<DataType> types) {
    List<String> names = new ArrayList<>();
    types.forEach(t -> names.add(DType.tfName(t)));
    return String.join(", ", names);
  }

  private RawOpsException fail(NodeDef node, String detail) {
    return RawOpsException.invalidArgument(detail).atNode(node.getName(), def.getName());
  }
}
