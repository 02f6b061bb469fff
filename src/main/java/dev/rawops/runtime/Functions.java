package dev.rawops.runtime;

import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.SessionState;
import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpRegistry;
import dev.rawops.ops.OpSchema;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Signature;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.FunctionDef;
import dev.rawops.tfproto.FunctionDefLibrary;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NameAttrList;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.OpDef;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A graph's function library (TF's FunctionLibraryRuntime, CPU only): resolves nodes whose op is a
 * library function, and gives call ops (PartitionedCall, StatefulPartitionedCall, a function's own
 * name) and functional control flow (If, StatelessIf, While, StatelessWhile, Case, StatelessCase)
 * their kernels. Each (function, attrs) is instantiated once, at build time: its FunctionDef
 * becomes a GraphDef ({@code _Arg} nodes for the arguments, {@code node:out_arg:i} inputs made
 * flat, {@code $T} attr placeholders filled in) that is validated like any graph, so a broken body
 * is a build error naming the calling node and the function. A call runs the body as a nested graph
 * in a session sharing the caller's {@link SessionState} (variables persist across calls); bodies
 * may call each other and themselves, with the call depth bounded at run time.
 */
public final class Functions {
  /**
   * The default of the most nested function calls one run may make before it is stopped ({@link
   * dev.rawops.Limits#maxFunctionDepth()}).
   */
  public static final int MAX_DEPTH = 100;

  /**
   * The ops whose kernels the runtime makes itself ({@link #kernelFor}), declared by their family
   * without a CPU kernel registration: function calls and functional control flow.
   */
  public static final java.util.SortedSet<String> RUNTIME_OPS =
      com.google.common.collect.ImmutableSortedSet.of(
          "PartitionedCall",
          "StatefulPartitionedCall",
          "If",
          "StatelessIf",
          "While",
          "StatelessWhile",
          "Case",
          "StatelessCase");

  private static final ThreadLocal<Deque<String>> CALL_STACK =
      ThreadLocal.withInitial(ArrayDeque::new);
  private static final AtomicLong IDS = new AtomicLong();

  private final Map<String, FunctionDef> byName = new HashMap<>();
  private final Device device;
  // The enclosing GraphDef's versions: function bodies are built under its producer rules.
  final dev.rawops.tfproto.VersionDef versions;
  private final Map<String, Instance> instances = new ConcurrentHashMap<>();
  private final Map<String, Op> ops = new ConcurrentHashMap<>();

  Functions(FunctionDefLibrary library, Device device, dev.rawops.tfproto.VersionDef versions) {
    this.device = device;
    this.versions = versions;
    for (FunctionDef f : library.getFunctionList()) {
      byName.putIfAbsent(f.getSignature().getName(), f);
    }
  }

  boolean has(String name) {
    return byName.containsKey(name);
  }

  /** The op of a node calling library function {@code name} directly: its signature's schema. */
  Op opFor(String name) {
    return ops.computeIfAbsent(
        name, n -> DefinedOp.of(OpSchema.of(byName.get(n).getSignature()), ShapeFns.unknown()));
  }

  /** The kernel of a call or functional control-flow node; null for any other node. */
  Kernel kernelFor(BuiltNode n, List<String> chain) {
    switch (n.op()) {
      case "PartitionedCall", "StatefulPartitionedCall" -> {
        Instance f = instantiate(n, func(n, "f"), chain);
        checkTypes(n, f, "f", inputTypes(n, 0), n.signature().outputTypes());
        return ctx -> setOutputs(ctx, f.call(ctx.state(), inputs(ctx, 0), n));
      }
      case "If", "StatelessIf" -> {
        Instance then = instantiate(n, func(n, "then_branch"), chain);
        Instance otherwise = instantiate(n, func(n, "else_branch"), chain);
        checkTypes(n, then, "then_branch", inputTypes(n, 1), n.signature().outputTypes());
        checkTypes(n, otherwise, "else_branch", inputTypes(n, 1), n.signature().outputTypes());
        return ctx -> {
          Instance branch = truth(ctx, ctx.input(0), "cond") ? then : otherwise;
          setOutputs(ctx, branch.call(ctx.state(), inputs(ctx, 1), n));
        };
      }
      case "Case", "StatelessCase" -> {
        List<Instance> branches = new ArrayList<>();
        int k = 0;
        for (NameAttrList b : n.attrs().get("branches").getList().getFuncList()) {
          Instance f = instantiate(n, b, chain);
          checkTypes(n, f, "branches[" + k++ + "]", inputTypes(n, 1), n.signature().outputTypes());
          branches.add(f);
        }
        if (branches.isEmpty()) {
          throw n.invalidArgument("Case needs at least one branch");
        }
        return ctx -> {
          Tensor index = ctx.input(0);
          if (index.numElements() != 1 || index.shape().rank() != 0) {
            throw ctx.node()
                .invalidArgument("branch_index must be a scalar, but got shape " + index.shape());
          }
          long i = index.getIndex(0);
          // TF: an out-of-range index runs the last branch (the default).
          Instance f = branches.get(i < 0 || i >= branches.size() ? branches.size() - 1 : (int) i);
          setOutputs(ctx, f.call(ctx.state(), inputs(ctx, 1), n));
        };
      }
      case "While", "StatelessWhile" -> {
        Instance cond = instantiate(n, func(n, "cond"), chain);
        Instance body = instantiate(n, func(n, "body"), chain);
        List<DataType> types = inputTypes(n, 0);
        if (!cond.argTypes.equals(types) || cond.outTypes.size() != 1) {
          throw n.invalidArgument(
              "cond function '"
                  + cond.name
                  + "' takes "
                  + typeNames(cond.argTypes)
                  + " and returns "
                  + typeNames(cond.outTypes)
                  + "; the loop carries "
                  + typeNames(types)
                  + " and needs one output");
        }
        checkTypes(n, body, "body", types, types);
        return ctx -> {
          List<Tensor> vars = inputs(ctx, 0);
          while (truth(ctx, cond.call(ctx.state(), vars, n).get(0), "cond output")) {
            vars = body.call(ctx.state(), vars, n);
          }
          setOutputs(ctx, vars);
        };
      }
      default -> {
        if (!has(n.op())) {
          return null;
        }
        NameAttrList.Builder f = NameAttrList.newBuilder().setName(n.op());
        f.putAllAttr(n.attrs().asMap());
        Instance inst = instantiate(n, f.build(), chain);
        return ctx -> setOutputs(ctx, inst.call(ctx.state(), inputs(ctx, 0), n));
      }
    }
  }

  private static NameAttrList func(BuiltNode n, String attr) {
    return n.attrs().get(attr).getFunc();
  }

  private static List<DataType> inputTypes(NodeInfo n, int from) {
    return n.signature().inputTypes().subList(from, n.numInputs());
  }

  private static List<Tensor> inputs(KernelContext ctx, int from) {
    List<Tensor> in = new ArrayList<>();
    for (int i = from; i < ctx.node().numInputs(); i++) {
      in.add(ctx.input(i));
    }
    return in;
  }

  private static void setOutputs(KernelContext ctx, List<Tensor> out) {
    for (int i = 0; i < out.size(); i++) {
      ctx.setOutput(i, out.get(i));
    }
  }

  private static void checkTypes(
      BuiltNode n, Instance f, String attr, List<DataType> in, List<DataType> out) {
    if (!f.argTypes.equals(in) || !f.outTypes.equals(out)) {
      throw n.invalidArgument(
          "function '"
              + f.name
              + "' ("
              + attr
              + ") takes ("
              + typeNames(f.argTypes)
              + ") and returns ("
              + typeNames(f.outTypes)
              + "), but node '"
              + n.name()
              + "' passes ("
              + typeNames(in)
              + ") and expects ("
              + typeNames(out)
              + ")");
    }
  }

  private static String typeNames(List<DataType> types) {
    return String.join(", ", types.stream().map(DType::tfName).toList());
  }

  /**
   * TF's ToBool for If's cond and While's cond output: a scalar is true when non-zero (non-empty
   * for strings); any other tensor when it has elements.
   */
  private static boolean truth(KernelContext ctx, Tensor t, String what) {
    if (t.shape().rank() != 0) {
      return t.numElements() > 0;
    }
    return switch (t.dtype()) {
      case BOOL -> t.getBoolean(0);
      case STRING -> t.getString(0).length > 0;
      case RESOURCE, VARIANT ->
          throw ctx.node()
              .invalidArgument(
                  "Unable to convert a " + t.dtype().tfName() + " " + what + " to a boolean");
      case COMPLEX64, COMPLEX128 -> Numbers.get(t, 0) != 0 || Numbers.get(t, 1) != 0;
      default -> Numbers.get(t, 0) != 0;
    };
  }

  // ---- instantiation ----

  private Instance instantiate(BuiltNode caller, NameAttrList f, List<String> chain) {
    FunctionDef def = byName.get(f.getName());
    if (def == null) {
      throw caller.error(
          Code.NOT_FOUND,
          "Function '"
              + f.getName()
              + "' is not defined in the graph's function library (called by node '"
              + caller.name()
              + "')");
    }
    Map<String, AttrValue> attrs = new TreeMap<>(f.getAttrMap());
    for (OpDef.AttrDef a : def.getSignature().getAttrList()) {
      if (!attrs.containsKey(a.getName()) && a.hasDefaultValue()) {
        attrs.put(a.getName(), a.getDefaultValue());
      }
    }
    StringBuilder key = new StringBuilder(f.getName());
    for (OpDef.AttrDef a : def.getSignature().getAttrList()) {
      AttrValue v = attrs.get(a.getName());
      key.append('|')
          .append(a.getName())
          .append('=')
          .append(v == null ? "?" : TextFormat.printer().emittingSingleLine(true).printToString(v));
    }
    Instance existing = instances.get(key.toString());
    if (existing != null) {
      return existing; // built, or being built further up this chain (recursion)
    }
    Instance inst = new Instance(f.getName());
    inst.argTypes = argTypes(caller, def, attrs, def.getSignature().getInputArgList());
    inst.outTypes = argTypes(caller, def, attrs, def.getSignature().getOutputArgList());
    instances.put(key.toString(), inst);
    List<String> inner = new ArrayList<>(chain);
    inner.add(f.getName());
    try {
      inst.build(this, def, attrs, inner);
    } catch (GraphBuildException e) {
      instances.remove(key.toString());
      throw caller.error(
          e.code(),
          "function '"
              + f.getName()
              + "' called by node '"
              + caller.name()
              + "' does not build: "
              + e.getMessage());
    } catch (RawOpsException e) {
      instances.remove(key.toString());
      throw caller.error(
          e.code(),
          "function '"
              + f.getName()
              + "' called by node '"
              + caller.name()
              + "' cannot be instantiated: "
              + e.getMessage());
    }
    return inst;
  }

  private static List<DataType> argTypes(
      BuiltNode caller, FunctionDef def, Map<String, AttrValue> attrs, List<OpDef.ArgDef> args) {
    List<DataType> types = new ArrayList<>();
    for (OpDef.ArgDef a : args) {
      if (!a.getNumberAttr().isEmpty() || !a.getTypeListAttr().isEmpty()) {
        throw caller.error(
            Code.UNIMPLEMENTED,
            "function '"
                + def.getSignature().getName()
                + "' has list argument '"
                + a.getName()
                + "'; rawops instantiates functions with single-tensor arguments only");
      }
      DataType t = a.getType();
      if (!a.getTypeAttr().isEmpty()) {
        AttrValue v = attrs.get(a.getTypeAttr());
        if (v == null || !v.hasType()) {
          throw caller.invalidArgument(
              "function '"
                  + def.getSignature().getName()
                  + "' needs attr '"
                  + a.getTypeAttr()
                  + "' (the type of '"
                  + a.getName()
                  + "'), which the call does not give");
        }
        t = v.getType();
      }
      types.add(t);
    }
    return List.copyOf(types);
  }

  /** One instantiated function: its body graph and how a call feeds and fetches it. */
  private static final class Instance {
    final String name;
    final long id = IDS.incrementAndGet();
    List<DataType> argTypes;
    List<DataType> outTypes;
    private volatile Graph body;
    private List<String> argNames;
    private String[] outputs; // tensor name fetched for output i, or null when passed through
    private int[] passThrough; // for outputs[i] == null: the argument it returns
    private List<String> fetches;
    private List<String> targets;

    Instance(String name) {
      this.name = name;
    }

    void build(Functions lib, FunctionDef def, Map<String, AttrValue> attrs, List<String> chain) {
      OpDef sig = def.getSignature();
      GraphDef.Builder g = GraphDef.newBuilder().setVersions(lib.versions);
      argNames = new ArrayList<>();
      Map<String, Integer> argIndex = new HashMap<>();
      for (int i = 0; i < sig.getInputArgCount(); i++) {
        String arg = sig.getInputArg(i).getName();
        argNames.add(arg);
        argIndex.put(arg, i);
        g.addNode(
            NodeDef.newBuilder()
                .setName(arg)
                .setOp("_Arg")
                .putAttr("T", AttrValue.newBuilder().setType(argTypes.get(i)).build())
                .putAttr("index", AttrValue.newBuilder().setI(i).build()));
      }
      // Each node's output args → first flat output index and count.
      Map<String, Map<String, int[]>> outArgs = new HashMap<>();
      List<NodeDef> nodes = new ArrayList<>();
      for (NodeDef nd : def.getNodeDefList()) {
        NodeDef s = substitute(nd, attrs);
        nodes.add(s);
        outArgs.put(s.getName(), outputArgs(lib, s));
      }
      for (NodeDef nd : nodes) {
        NodeDef.Builder b = nd.toBuilder().clearInput();
        for (String in : nd.getInputList()) {
          b.addInput(flatten(in, outArgs));
        }
        g.addNode(b);
      }
      outputs = new String[sig.getOutputArgCount()];
      passThrough = new int[outputs.length];
      List<String> fetch = new ArrayList<>();
      for (int i = 0; i < outputs.length; i++) {
        String out = sig.getOutputArg(i).getName();
        String ret = def.getRetMap().get(out);
        if (ret == null) {
          throw RawOpsException.invalidArgument("output '" + out + "' has no entry in ret");
        }
        String t = flatten(ret, outArgs);
        TensorName tn = TensorName.parse(t);
        if (argIndex.containsKey(tn.node())) {
          passThrough[i] = argIndex.get(tn.node());
        } else {
          outputs[i] = t;
          fetch.add(t);
        }
      }
      fetches = List.copyOf(fetch);
      Graph built = new GraphBuilder(g.build(), lib.device, lib, chain).build();
      List<String> tgt = new ArrayList<>(def.getControlRetMap().values());
      for (BuiltNode n : built.nodes) {
        if (n.op.schema().def().getIsStateful()
            && !n.op().equals("_Arg")
            && !tgt.contains(n.name())) {
          tgt.add(n.name());
        }
      }
      targets = List.copyOf(tgt);
      for (String t : targets) {
        if (!built.byName.containsKey(t)) {
          throw RawOpsException.invalidArgument("control_ret names node '" + t + "', not in body");
        }
      }
      body = built;
    }

    List<Tensor> call(SessionState state, List<Tensor> args, BuiltNode caller) {
      Deque<String> stack = CALL_STACK.get();
      long maxDepth = dev.rawops.Limits.maxFunctionDepth();
      if (stack.size() >= maxDepth) {
        List<String> chain = new ArrayList<>(stack);
        java.util.Collections.reverse(chain);
        String shown =
            chain.size() <= 6
                ? String.join(" -> ", chain)
                : String.join(" -> ", chain.subList(0, 3))
                    + " -> ... -> "
                    + String.join(" -> ", chain.subList(chain.size() - 3, chain.size()));
        throw caller.error(
            Code.RESOURCE_EXHAUSTED,
            "function call depth exceeds "
                + maxDepth
                + " calling '"
                + name
                + "' (unbounded recursion?): "
                + shown
                + " -> "
                + name
                + " (rawops' limit "
                + dev.rawops.Limits.MAX_FUNCTION_DEPTH
                + "; raise it with -Drawops.limit."
                + dev.rawops.Limits.MAX_FUNCTION_DEPTH
                + "=N)");
      }
      RunControl.checkCurrent(); // a While over pass-through bodies runs no node to check it
      Graph g = body;
      if (g == null) {
        throw caller.error(Code.INTERNAL, "function '" + name + "' called before it was built");
      }
      Map<String, Tensor> feeds = new LinkedHashMap<>();
      for (int i = 0; i < argNames.size(); i++) {
        Tensor a = args.get(i);
        if (a.dtype().proto() != argTypes.get(i)) {
          throw caller.invalidArgument(
              "argument "
                  + i
                  + " of function '"
                  + name
                  + "' is "
                  + a.dtype().tfName()
                  + ", expected "
                  + DType.tfName(argTypes.get(i)));
        }
        feeds.put(argNames.get(i), a);
      }
      Session s =
          state.getOrCreate("function-session/" + id, Session.class, k -> g.newSession(state));
      stack.push(name);
      List<Tensor> fetched;
      try {
        fetched = s.run(feeds, fetches, targets);
      } catch (RawOpsException e) {
        if (e.code() == Code.RESOURCE_EXHAUSTED || e.detail().contains(" [in function '")) {
          throw e;
        }
        throw new RawOpsException(
            e.code(),
            e.node().orElse(null),
            e.op().orElse(null),
            e.detail() + " [in function '" + name + "' called by node '" + caller.name() + "']",
            e);
      } finally {
        stack.pop();
      }
      List<Tensor> out = new ArrayList<>(outputs.length);
      int k = 0;
      for (int i = 0; i < outputs.length; i++) {
        out.add(outputs[i] == null ? args.get(passThrough[i]) : fetched.get(k++));
      }
      return out;
    }
  }

  /** Fills {@code $T}-style attr placeholders with the call's attrs. */
  private static NodeDef substitute(NodeDef nd, Map<String, AttrValue> attrs) {
    NodeDef.Builder b = nd.toBuilder();
    for (Map.Entry<String, AttrValue> e : nd.getAttrMap().entrySet()) {
      b.putAttr(e.getKey(), substitute(nd, e.getValue(), attrs));
    }
    return b.build();
  }

  private static AttrValue substitute(NodeDef nd, AttrValue v, Map<String, AttrValue> attrs) {
    if (!v.getPlaceholder().isEmpty()) {
      AttrValue r = attrs.get(v.getPlaceholder());
      if (r == null) {
        throw RawOpsException.invalidArgument(
            "node '"
                + nd.getName()
                + "' uses attr placeholder $"
                + v.getPlaceholder()
                + ", which the call does not give");
      }
      return r;
    }
    if (v.hasFunc()) {
      return v.toBuilder().setFunc(substitute(nd, v.getFunc(), attrs)).build();
    }
    if (v.hasList() && v.getList().getFuncCount() > 0) {
      AttrValue.ListValue.Builder l = v.getList().toBuilder().clearFunc();
      for (NameAttrList f : v.getList().getFuncList()) {
        l.addFunc(substitute(nd, f, attrs));
      }
      return v.toBuilder().setList(l).build();
    }
    return v;
  }

  private static NameAttrList substitute(NodeDef nd, NameAttrList f, Map<String, AttrValue> attrs) {
    NameAttrList.Builder b = f.toBuilder();
    for (Map.Entry<String, AttrValue> e : f.getAttrMap().entrySet()) {
      b.putAttr(e.getKey(), substitute(nd, e.getValue(), attrs));
    }
    return b.build();
  }

  /** A body node's output args: name → {first flat index, count}; empty when unresolvable. */
  private static Map<String, int[]> outputArgs(Functions lib, NodeDef nd) {
    Map<String, int[]> out = new HashMap<>();
    Signature sig;
    try {
      Op op =
          lib.has(nd.getOp())
              ? lib.opFor(nd.getOp())
              : OpRegistry.builtIn().lookup(nd.getOp(), nd.getName());
      sig = op.schema().resolve(nd);
    } catch (RawOpsException e) {
      return out; // the body's build reports it
    }
    List<String> args = sig.outputArgs();
    for (int i = 0; i < args.size(); i++) {
      int[] range = out.computeIfAbsent(args.get(i), k -> new int[] {0, 0});
      if (range[1] == 0) {
        range[0] = i;
      }
      range[1]++;
    }
    return out;
  }

  /** FunctionDef input syntax ({@code arg}, {@code node:out_arg:i}, {@code ^node}) → graph's. */
  private static String flatten(String in, Map<String, Map<String, int[]>> outArgs) {
    if (in.startsWith("^")) {
      return in;
    }
    String[] parts = in.split(":", -1);
    if (parts.length == 3) {
      Map<String, int[]> args = outArgs.get(parts[0]);
      int[] range = args == null ? null : args.get(parts[1]);
      int index;
      try {
        index = Integer.parseInt(parts[2]);
      } catch (NumberFormatException e) {
        throw RawOpsException.invalidArgument("bad function input '" + in + "'");
      }
      if (range == null) {
        if (args != null && !args.isEmpty()) {
          throw RawOpsException.invalidArgument(
              "input '"
                  + in
                  + "': node '"
                  + parts[0]
                  + "' has no output argument '"
                  + parts[1]
                  + "' (it has "
                  + String.join(", ", new TreeMap<>(args).keySet())
                  + ")");
        }
        return parts[0] + ":" + index; // unknown node or broken op: the build names it
      }
      if (index < 0 || index >= range[1]) {
        throw RawOpsException.invalidArgument(
            "input '"
                + in
                + "': output argument '"
                + parts[1]
                + "' of node '"
                + parts[0]
                + "' has "
                + range[1]
                + " tensor(s)");
      }
      return parts[0] + ":" + (range[0] + index);
    }
    return in;
  }
}
