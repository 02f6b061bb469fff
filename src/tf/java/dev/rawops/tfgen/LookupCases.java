package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The Lookup family: each table kind (HashTableV2, MutableHashTableV2, MutableHashTableOfTensorsV2,
 * MutableDenseHashTableV2 and their Anonymous twins) made, filled and read in one run, the ops
 * ordered by control edges (init → find), over every key/value dtype pair TF registers that rawops
 * holds; sizes, re-initialization, shared names, export/import (of one entry, or round-tripped
 * through a second table, since the unordered_map's order is libstdc++'s; the dense table's buckets
 * exactly), and TF's errors (uninitialized table, conflicting values, wrong dtypes and shapes,
 * reserved dense keys).
 */
public final class LookupCases implements CaseFamily {
  @Override
  public String directory() {
    return "lookup";
  }

  private static final List<DType[]> HASH_PAIRS =
      List.of(
          new DType[] {DType.INT32, DType.DOUBLE},
          new DType[] {DType.INT32, DType.FLOAT},
          new DType[] {DType.INT32, DType.INT32},
          new DType[] {DType.INT32, DType.STRING},
          new DType[] {DType.INT64, DType.DOUBLE},
          new DType[] {DType.INT64, DType.FLOAT},
          new DType[] {DType.INT64, DType.INT32},
          new DType[] {DType.INT64, DType.INT64},
          new DType[] {DType.INT64, DType.STRING},
          new DType[] {DType.STRING, DType.BOOL},
          new DType[] {DType.STRING, DType.DOUBLE},
          new DType[] {DType.STRING, DType.FLOAT},
          new DType[] {DType.STRING, DType.INT32},
          new DType[] {DType.STRING, DType.INT64},
          new DType[] {DType.STRING, DType.STRING});

  /** A graph under construction with the helpers the cases share. */
  private static final class G {
    final GraphDefBuilder b = new GraphDefBuilder();

    G konst(String name, Tensor t) {
      b.constant(name, t);
      return this;
    }

    G table(String name, String op, DType k, DType v, String shared) {
      b.op(name, op).attr("key_dtype", k).attr("value_dtype", v);
      if (shared != null) {
        b.attr("shared_name", shared);
      }
      return this;
    }

    G denseTable(
        String name, String op, DType k, DType v, String empty, String deleted, long buckets) {
      b.op(name, op, empty, deleted).attr("key_dtype", k).attr("value_dtype", v);
      b.attr("initial_num_buckets", buckets);
      return this;
    }

    G valueShape(long... dims) {
      b.attr(
          "value_shape", AttrValue.newBuilder().setShape(PartialShape.of(dims).toProto()).build());
      return this;
    }

    G init(
        String name, String table, String keys, String values, DType k, DType v, String... deps) {
      b.op(name, "InitializeTableV2", with(new String[] {table, keys, values}, deps))
          .attr("Tkey", k)
          .attr("Tval", v);
      return this;
    }

    G two(
        String name,
        String op,
        String table,
        String a,
        String c,
        DType k,
        DType v,
        String... deps) {
      b.op(name, op, with(new String[] {table, a, c}, deps)).attr("Tin", k).attr("Tout", v);
      return this;
    }

    G remove(String name, String table, String keys, DType k, String... deps) {
      b.op(name, "LookupTableRemoveV2", with(new String[] {table, keys}, deps)).attr("Tin", k);
      return this;
    }

    G size(String name, String table, String... deps) {
      b.op(name, "LookupTableSizeV2", with(new String[] {table}, deps));
      return this;
    }

    G export(String name, String table, DType k, DType v, String... deps) {
      b.op(name, "LookupTableExportV2", with(new String[] {table}, deps))
          .attr("Tkeys", k)
          .attr("Tvalues", v);
      return this;
    }

    private static String[] with(String[] inputs, String[] deps) {
      String[] all = new String[inputs.length + deps.length];
      System.arraycopy(inputs, 0, all, 0, inputs.length);
      for (int i = 0; i < deps.length; i++) {
        all[inputs.length + i] = "^" + deps[i];
      }
      return all;
    }
  }

  private static Tensor keys(DType k, List<Long> ints) {
    long[] v = ints.stream().mapToLong(Long::longValue).toArray();
    if (k == DType.STRING) {
      String[] s = new String[v.length];
      for (int i = 0; i < v.length; i++) {
        s[i] = v[i] % 3 == 0 ? "w" + v[i] : "word_" + (v[i] * 7);
      }
      return Tensor.ofStrings(Shape.of(v.length), s);
    }
    return Tensor.ofIntegers(k, Shape.of(v.length), v);
  }

  private static List<Long> distinct(Random r, int n, int range) {
    Set<Long> s = new LinkedHashSet<>();
    while (s.size() < n) {
      s.add((long) (r.nextInt(2 * range + 1) - range));
    }
    return new ArrayList<>(s);
  }

  private static Tensor values(DType v, Shape shape, Random r) {
    int n = Math.toIntExact(shape.numElements());
    return switch (v) {
      case BOOL -> {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
          b[i] = r.nextBoolean();
        }
        yield Tensor.ofBooleans(shape, b);
      }
      case FLOAT -> {
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
          f[i] = (float) (r.nextGaussian() * 10);
        }
        yield Tensor.ofFloats(shape, f);
      }
      case DOUBLE -> {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
          d[i] = r.nextGaussian() * 1e3;
        }
        yield Tensor.ofDoubles(shape, d);
      }
      case STRING -> {
        String[] s = new String[n];
        for (int i = 0; i < n; i++) {
          s[i] = "v" + r.nextInt(1000);
        }
        yield Tensor.ofStrings(shape, s);
      }
      default -> {
        long[] l = new long[n];
        for (int i = 0; i < n; i++) {
          l[i] = r.nextInt(2001) - 1000;
        }
        yield Tensor.ofIntegers(v, shape, l);
      }
    };
  }

  private static Tensor scalar(DType v, Random r) {
    return Tensor.reshape(values(v, Shape.of(1), r), Shape.scalar());
  }

  /** Some of the table's keys and some others, in a [2, n/2] matrix. */
  private static Tensor probe(DType k, List<Long> present, Random r) {
    List<Long> q = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      q.add(i % 2 == 0 ? present.get(r.nextInt(present.size())) : (long) (5000 + r.nextInt(100)));
    }
    return Tensor.reshape(keys(k, q), Shape.of(2, 3));
  }

  private static Tensor flat(Tensor t) {
    return Tensor.reshape(t, Shape.of(t.numElements()));
  }

  private static void add(CaseList out, String what, G g, List<String> fetches) {
    out.add(what, g.b.build(), Map.of(), fetches);
  }

  private static void add(
      CaseList out, String what, G g, Map<String, TensorProto> feeds, List<String> fetches) {
    out.add(what, g.b.build(), feeds, fetches);
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    hashTables(out, r);
    hashTableErrors(out, r);
    mutableTables(out, r);
    tensorTables(out, r);
    denseTables(out, r);
    anonymousTables(out, r);
    return out.cases();
  }

  private static void hashTables(CaseList out, Random r) {
    for (DType[] kv : HASH_PAIRS) {
      DType k = kv[0];
      DType v = kv[1];
      List<Long> ks = distinct(r, 5, 50);
      G g =
          new G()
              .table("t", "HashTableV2", k, v, "hash_" + k.tfName() + "_" + v.tfName())
              .konst("k", keys(k, ks))
              .konst("v", values(v, Shape.of(5), r))
              .init("init", "t", "k", "v", k, v)
              .konst("q", probe(k, ks, r))
              .konst("d", scalar(v, r))
              .two("find", "LookupTableFindV2", "t", "q", "d", k, v, "init")
              .size("size", "t", "init");
      add(
          out,
          "HashTableV2 " + k.tfName() + "→" + v.tfName() + ": InitializeTableV2, find [2,3] keys",
          g,
          List.of("find", "size"));
    }
    List<Long> ks = distinct(r, 4, 20);
    G g =
        new G()
            .table("t", "HashTableV2", DType.INT64, DType.FLOAT, "full_default")
            .konst("k", keys(DType.INT64, ks))
            .konst("v", values(DType.FLOAT, Shape.of(4), r))
            .init("init", "t", "k", "v", DType.INT64, DType.FLOAT)
            .konst("q", probe(DType.INT64, ks, r))
            .konst("d", values(DType.FLOAT, Shape.of(2, 3), r))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.INT64, DType.FLOAT, "init");
    add(out, "HashTableV2 find with one default per key ([2,3])", g, List.of("find"));
    g =
        new G()
            .table("t", "HashTableV2", DType.STRING, DType.INT64, "sizes")
            .konst("k", keys(DType.STRING, ks))
            .konst("v", values(DType.INT64, Shape.of(4), r))
            .size("before", "t")
            .init("init", "t", "k", "v", DType.STRING, DType.INT64, "before")
            .size("after", "t", "init");
    add(out, "HashTableV2 size 0 before its initializer, 4 after", g, List.of("before", "after"));
    g =
        new G()
            .table("t", "HashTableV2", DType.STRING, DType.INT64, "reinit")
            .konst("k", Tensor.ofStrings(Shape.of(2), "a", "b"))
            .konst("v", Tensor.ofLongs(Shape.of(2), 1, 2))
            .konst("k2", Tensor.ofStrings(Shape.of(2), "c", "d"))
            .konst("v2", Tensor.ofLongs(Shape.of(2), 3, 4))
            .init("init", "t", "k", "v", DType.STRING, DType.INT64)
            .init("again", "t", "k2", "v2", DType.STRING, DType.INT64, "init")
            .konst("q", Tensor.ofStrings(Shape.of(4), "a", "b", "c", "d"))
            .konst("d", Tensor.ofLongs(Shape.scalar(), -1))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.STRING, DType.INT64, "again");
    add(
        out,
        "HashTableV2 initialized twice with as many entries: the second is ignored",
        g,
        List.of("find"));
    g =
        new G()
            .table("t", "HashTableV2", DType.STRING, DType.INT64, "dups")
            .konst("k", Tensor.ofStrings(Shape.of(4), "a", "b", "a", "b"))
            .konst("v", Tensor.ofLongs(Shape.of(4), 1, 2, 1, 2))
            .init("init", "t", "k", "v", DType.STRING, DType.INT64)
            .konst("q", Tensor.ofStrings(Shape.of(3), "a", "b", "z"))
            .konst("d", Tensor.ofLongs(Shape.scalar(), -1))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.STRING, DType.INT64, "init")
            .size("size", "t", "init");
    add(out, "HashTableV2 with repeated keys of equal values", g, List.of("find", "size"));
    g =
        new G()
            .table("a", "HashTableV2", DType.INT64, DType.STRING, "shared")
            .table("b", "HashTableV2", DType.INT64, DType.STRING, "shared")
            .konst("k", Tensor.ofLongs(Shape.of(3), 7, 8, 9))
            .konst("v", Tensor.ofStrings(Shape.of(3), "seven", "eight", "nine"))
            .init("init", "a", "k", "v", DType.INT64, DType.STRING)
            .konst("q", Tensor.ofLongs(Shape.of(3), 9, 1, 7))
            .konst("d", Tensor.ofStrings(Shape.scalar(), "?"))
            .two("find", "LookupTableFindV2", "b", "q", "d", DType.INT64, DType.STRING, "init");
    add(
        out,
        "two HashTableV2 nodes with one shared_name: initialized through one, read through the"
            + " other",
        g,
        List.of("find"));
    g =
        new G()
            .table("t", "HashTableV2", DType.INT64, DType.INT64, "import")
            .konst("k", Tensor.ofLongs(Shape.of(3), 3, 1, 2))
            .konst("v", Tensor.ofLongs(Shape.of(3), 30, 10, 20))
            .two("imp", "LookupTableImportV2", "t", "k", "v", DType.INT64, DType.INT64)
            .konst("q", Tensor.ofLongs(Shape.of(4), 1, 2, 3, 4))
            .konst("d", Tensor.ofLongs(Shape.scalar(), 0))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.INT64, DType.INT64, "imp")
            .konst("one", Tensor.ofLongs(Shape.of(1), 5))
            .konst("fifty", Tensor.ofLongs(Shape.of(1), 50))
            .table("u", "HashTableV2", DType.INT64, DType.INT64, "export_one")
            .init("init", "u", "one", "fifty", DType.INT64, DType.INT64)
            .export("exp", "u", DType.INT64, DType.INT64, "init");
    add(
        out,
        "HashTableV2 filled by LookupTableImportV2; LookupTableExportV2 of a one-entry table",
        g,
        List.of("find", "exp", "exp:1"));
  }

  private static void hashTableErrors(CaseList out, Random r) {
    G g =
        new G()
            .table("t", "HashTableV2", DType.STRING, DType.INT64, "uninit")
            .konst("q", Tensor.ofStrings(Shape.of(1), "a"))
            .konst("d", Tensor.ofLongs(Shape.scalar(), -1))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.STRING, DType.INT64);
    add(out, "find in a HashTableV2 never initialized: FAILED_PRECONDITION", g, List.of("find"));
    Object[][] conflicts = {
      {
        DType.STRING,
        DType.INT64,
        Tensor.ofStrings(Shape.of(2), "k", "k"),
        Tensor.ofLongs(Shape.of(2), 1, 2)
      },
      {
        DType.INT64,
        DType.FLOAT,
        Tensor.ofLongs(Shape.of(2), 4, 4),
        Tensor.ofFloats(Shape.of(2), 0.1f, 2.5f)
      },
      {
        DType.INT32,
        DType.DOUBLE,
        Tensor.ofInts(Shape.of(2), -3, -3),
        Tensor.ofDoubles(Shape.of(2), 1.0 / 3, 1e20)
      },
      {
        DType.INT64,
        DType.STRING,
        Tensor.ofLongs(Shape.of(2), 9, 9),
        Tensor.ofStrings(Shape.of(2), "x", "y")
      },
      {
        DType.STRING,
        DType.BOOL,
        Tensor.ofStrings(Shape.of(2), "b", "b"),
        Tensor.ofBooleans(Shape.of(2), true, false)
      },
    };
    for (Object[] c : conflicts) {
      DType k = (DType) c[0];
      DType v = (DType) c[1];
      g =
          new G()
              .table("t", "HashTableV2", k, v, "conflict")
              .konst("k", (Tensor) c[2])
              .konst("v", (Tensor) c[3])
              .init("init", "t", "k", "v", k, v)
              .size("size", "t", "init");
      add(
          out,
          "InitializeTableV2 with one "
              + k.tfName()
              + " key given two "
              + v.tfName()
              + " values: FAILED_PRECONDITION",
          g,
          List.of("size"));
    }
    g =
        new G()
            .table("t", "HashTableV2", DType.STRING, DType.INT64, "reinit_diff")
            .konst("k", Tensor.ofStrings(Shape.of(2), "a", "b"))
            .konst("v", Tensor.ofLongs(Shape.of(2), 1, 2))
            .konst("k3", Tensor.ofStrings(Shape.of(3), "a", "b", "c"))
            .konst("v3", Tensor.ofLongs(Shape.of(3), 1, 2, 3))
            .init("init", "t", "k", "v", DType.STRING, DType.INT64)
            .init("again", "t", "k3", "v3", DType.STRING, DType.INT64, "init")
            .size("size", "t", "again");
    add(
        out,
        "HashTableV2 initialized again with another entry count: FAILED_PRECONDITION",
        g,
        List.of("size"));
    g =
        new G()
            .table("t", "HashTableV2", DType.STRING, DType.INT64, "wrong_key")
            .konst("k", Tensor.ofStrings(Shape.of(1), "a"))
            .konst("v", Tensor.ofLongs(Shape.of(1), 1))
            .init("init", "t", "k", "v", DType.STRING, DType.INT64)
            .konst("q", Tensor.ofLongs(Shape.of(1), 1))
            .konst("d", Tensor.ofLongs(Shape.scalar(), -1))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.INT64, DType.INT64, "init");
    add(
        out,
        "find with int64 keys in a string-keyed HashTableV2: INVALID_ARGUMENT",
        g,
        List.of("find"));
    g =
        new G()
            .table("t", "HashTableV2", DType.STRING, DType.INT64, "wrong_default")
            .konst("k", Tensor.ofStrings(Shape.of(1), "a"))
            .konst("v", Tensor.ofLongs(Shape.of(1), 1))
            .init("init", "t", "k", "v", DType.STRING, DType.INT64)
            .konst("q", Tensor.ofStrings(Shape.of(2, 2), "a", "b", "c", "d"))
            .konst("d", Tensor.ofLongs(Shape.of(3), -1, -2, -3))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.STRING, DType.INT64, "init");
    add(out, "find with a [3] default for [2,2] keys: INVALID_ARGUMENT", g, List.of("find"));
    g =
        new G()
            .table("t", "HashTableV2", DType.STRING, DType.INT64, "bad_init")
            .konst("k", Tensor.ofStrings(Shape.of(3), "a", "b", "c"))
            .konst("v", Tensor.ofLongs(Shape.of(2), 1, 2))
            .init("init", "t", "k", "v", DType.STRING, DType.INT64)
            .size("size", "t", "init");
    add(
        out,
        "InitializeTableV2 with 3 keys and 2 values (Const): INVALID_ARGUMENT at build",
        g,
        List.of("size"));
    for (String[] fed : new String[][] {{"3", "2"}, {"2,2", "4"}, {"4", "2,2"}}) {
      Shape ks = shape(fed[0]);
      Shape vs = shape(fed[1]);
      g = new G();
      g.b.placeholder("k", DType.STRING, PartialShape.unknownRank());
      g.b.placeholder("v", DType.INT64, PartialShape.unknownRank());
      g.table("t", "HashTableV2", DType.STRING, DType.INT64, "fed_init")
          .init("init", "t", "k", "v", DType.STRING, DType.INT64)
          .size("size", "t", "init");
      Map<String, TensorProto> feeds = new LinkedHashMap<>();
      feeds.put("k", dev.rawops.tensor.TensorProtos.toProto(values(DType.STRING, ks, r)));
      feeds.put("v", dev.rawops.tensor.TensorProtos.toProto(values(DType.INT64, vs, r)));
      add(
          out,
          "InitializeTableV2 fed keys " + ks + " and values " + vs + ": INVALID_ARGUMENT",
          g,
          feeds,
          List.of("size"));
    }
    g =
        new G()
            .table("t", "HashTableV2", DType.STRING, DType.INT64, "ro")
            .konst("k", Tensor.ofStrings(Shape.of(1), "a"))
            .konst("v", Tensor.ofLongs(Shape.of(1), 1))
            .init("init", "t", "k", "v", DType.STRING, DType.INT64)
            .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.STRING, DType.INT64, "init")
            .size("size", "t", "ins");
    add(out, "LookupTableInsertV2 into a HashTableV2: UNIMPLEMENTED", g, List.of("size"));
    g =
        new G()
            .table("t", "HashTableV2", DType.STRING, DType.INT64, "ro2")
            .konst("k", Tensor.ofStrings(Shape.of(1), "a"))
            .konst("v", Tensor.ofLongs(Shape.of(1), 1))
            .init("init", "t", "k", "v", DType.STRING, DType.INT64)
            .remove("rm", "t", "k", DType.STRING, "init")
            .size("size", "t", "rm");
    add(out, "LookupTableRemoveV2 from a HashTableV2: UNIMPLEMENTED", g, List.of("size"));
    g =
        new G()
            .table("t", "HashTableV2", DType.STRING, DType.INT64, "no_export")
            .export("exp", "t", DType.STRING, DType.INT64);
    add(
        out,
        "LookupTableExportV2 of an uninitialized HashTableV2: ABORTED",
        g,
        List.of("exp", "exp:1"));
    g = new G().table("a", "HashTableV2", DType.STRING, DType.INT64, "clash").size("sa", "a");
    // b is made after a (its control edge), so the message names b's dtypes as the conflicting
    // ones, every run.
    g.b
        .op("b", "HashTableV2", "^sa")
        .attr("key_dtype", DType.STRING)
        .attr("value_dtype", DType.STRING)
        .attr("shared_name", "clash");
    g.size("sb", "b");
    add(
        out,
        "two tables of other dtypes under one shared_name: INVALID_ARGUMENT",
        g,
        List.of("sb"));
    g =
        new G()
            .table("t", "MutableHashTableV2", DType.STRING, DType.INT64, "not_init")
            .konst("k", Tensor.ofStrings(Shape.of(1), "a"))
            .konst("v", Tensor.ofLongs(Shape.of(1), 1))
            .init("init", "t", "k", "v", DType.STRING, DType.INT64)
            .size("size", "t", "init");
    add(out, "InitializeTableV2 on a MutableHashTableV2: INVALID_ARGUMENT", g, List.of("size"));
  }

  private static Shape shape(String dims) {
    String[] p = dims.split(",");
    long[] d = new long[p.length];
    for (int i = 0; i < p.length; i++) {
      d[i] = Long.parseLong(p[i]);
    }
    return Shape.of(d);
  }

  private static final List<DType[]> MUTABLE_PAIRS =
      List.of(
          new DType[] {DType.INT32, DType.DOUBLE},
          new DType[] {DType.INT32, DType.FLOAT},
          new DType[] {DType.INT32, DType.INT32},
          new DType[] {DType.INT64, DType.DOUBLE},
          new DType[] {DType.INT64, DType.FLOAT},
          new DType[] {DType.INT64, DType.INT32},
          new DType[] {DType.INT64, DType.INT64},
          new DType[] {DType.INT64, DType.STRING},
          new DType[] {DType.STRING, DType.BOOL},
          new DType[] {DType.STRING, DType.DOUBLE},
          new DType[] {DType.STRING, DType.FLOAT},
          new DType[] {DType.STRING, DType.INT32},
          new DType[] {DType.STRING, DType.INT64});

  private static void mutableTables(CaseList out, Random r) {
    for (DType[] kv : MUTABLE_PAIRS) {
      DType k = kv[0];
      DType v = kv[1];
      List<Long> ks = distinct(r, 6, 40);
      G g =
          new G()
              .table("t", "MutableHashTableV2", k, v, "m_" + k.tfName() + "_" + v.tfName())
              .konst("k", keys(k, ks.subList(0, 4)))
              .konst("v", values(v, Shape.of(4), r))
              .two("ins", "LookupTableInsertV2", "t", "k", "v", k, v)
              .konst("k2", keys(k, ks.subList(2, 6)))
              .konst("v2", values(v, Shape.of(4), r))
              .two("ins2", "LookupTableInsertV2", "t", "k2", "v2", k, v, "ins")
              .konst("gone", keys(k, ks.subList(0, 1)))
              .remove("rm", "t", "gone", k, "ins2")
              .konst("q", probe(k, ks, r))
              .konst("d", scalar(v, r))
              .two("find", "LookupTableFindV2", "t", "q", "d", k, v, "rm")
              .size("size", "t", "rm");
      add(
          out,
          "MutableHashTableV2 "
              + k.tfName()
              + "→"
              + v.tfName()
              + ": insert, overwrite two keys, remove one, find, size",
          g,
          List.of("find", "size"));
    }
    List<Long> ks = distinct(r, 5, 30);
    G g =
        new G()
            .table("t", "MutableHashTableV2", DType.STRING, DType.FLOAT, "round_trip_a")
            .table("u", "MutableHashTableV2", DType.STRING, DType.FLOAT, "round_trip_b")
            .konst("k", keys(DType.STRING, ks))
            .konst("v", values(DType.FLOAT, Shape.of(5), r))
            .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.STRING, DType.FLOAT)
            .export("exp", "t", DType.STRING, DType.FLOAT, "ins")
            .konst("old", keys(DType.STRING, List.of(999L)))
            .konst("oldv", Tensor.ofFloats(Shape.of(1), 9f))
            .two("pre", "LookupTableInsertV2", "u", "old", "oldv", DType.STRING, DType.FLOAT)
            .two(
                "imp", "LookupTableImportV2", "u", "exp", "exp:1", DType.STRING, DType.FLOAT, "pre")
            .konst("q", probe(DType.STRING, ks, r))
            .konst("q2", keys(DType.STRING, List.of(999L)))
            .konst("d", Tensor.ofFloats(Shape.scalar(), -1f))
            .two("find", "LookupTableFindV2", "u", "q", "d", DType.STRING, DType.FLOAT, "imp")
            .two("find_old", "LookupTableFindV2", "u", "q2", "d", DType.STRING, DType.FLOAT, "imp")
            .size("size", "u", "imp");
    add(
        out,
        "MutableHashTableV2 exported and imported into another (which drops what it had)",
        g,
        List.of("find", "find_old", "size"));
    g =
        new G()
            .table("t", "MutableHashTableV2", DType.INT64, DType.INT64, "one_export")
            .konst("k", Tensor.ofLongs(Shape.of(1), 42))
            .konst("v", Tensor.ofLongs(Shape.of(1), -42))
            .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.INT64, DType.INT64)
            .export("exp", "t", DType.INT64, DType.INT64, "ins")
            .table("e", "MutableHashTableV2", DType.INT64, DType.INT64, "empty_export")
            .export("exp0", "e", DType.INT64, DType.INT64)
            .size("size0", "e");
    add(
        out,
        "MutableHashTableV2 export of one entry and of an empty table",
        g,
        List.of("exp", "exp:1", "exp0", "exp0:1", "size0"));
    g =
        new G()
            .table("t", "MutableHashTableV2", DType.STRING, DType.INT64, "m_default")
            .konst("k", Tensor.ofStrings(Shape.of(2), "a", "b"))
            .konst("v", Tensor.ofLongs(Shape.of(2), 1, 2))
            .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.STRING, DType.INT64)
            .konst("q", Tensor.ofStrings(Shape.of(4), "a", "x", "b", "y"))
            .konst("d", Tensor.ofLongs(Shape.of(4), -1, -2, -3, -4))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.STRING, DType.INT64, "ins")
            .konst("s", Tensor.ofStrings(Shape.scalar(), "b"))
            .konst("ds", Tensor.ofLongs(Shape.scalar(), 0))
            .two("scalar", "LookupTableFindV2", "t", "s", "ds", DType.STRING, DType.INT64, "ins");
    add(
        out,
        "MutableHashTableV2 find with per-key defaults and with a scalar key",
        g,
        List.of("find", "scalar"));
    g =
        new G()
            .table("t", "MutableHashTableV2", DType.STRING, DType.INT64, "m_dtype")
            .konst("q", Tensor.ofLongs(Shape.of(1), 1))
            .konst("d", Tensor.ofLongs(Shape.scalar(), -1))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.INT64, DType.INT64);
    add(
        out,
        "find with int64 keys in a string-keyed MutableHashTableV2: INVALID_ARGUMENT at build",
        g,
        List.of("find"));
    g =
        new G()
            .table("t", "MutableHashTableV2", DType.STRING, DType.INT64, "m_shape")
            .konst("k", Tensor.ofStrings(Shape.of(2), "a", "b"))
            .konst("v", Tensor.ofLongs(Shape.of(3), 1, 2, 3))
            .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.STRING, DType.INT64)
            .size("size", "t", "ins");
    add(out, "insert 2 keys with 3 values: INVALID_ARGUMENT", g, List.of("size"));
  }

  private static final List<DType[]> TENSOR_PAIRS =
      List.of(
          new DType[] {DType.INT32, DType.DOUBLE},
          new DType[] {DType.INT32, DType.FLOAT},
          new DType[] {DType.INT32, DType.INT32},
          new DType[] {DType.INT64, DType.DOUBLE},
          new DType[] {DType.INT64, DType.FLOAT},
          new DType[] {DType.INT64, DType.INT32},
          new DType[] {DType.INT64, DType.INT64},
          new DType[] {DType.INT64, DType.STRING},
          new DType[] {DType.STRING, DType.BOOL},
          new DType[] {DType.STRING, DType.DOUBLE},
          new DType[] {DType.STRING, DType.FLOAT},
          new DType[] {DType.STRING, DType.INT32},
          new DType[] {DType.STRING, DType.INT64});

  private static void tensorTables(CaseList out, Random r) {
    for (DType[] kv : TENSOR_PAIRS) {
      DType k = kv[0];
      DType v = kv[1];
      List<Long> ks = distinct(r, 4, 40);
      G g =
          new G().table("t", "MutableHashTableOfTensorsV2", k, v, "mt_" + k.tfName() + v.tfName());
      g.valueShape(3)
          .konst("k", keys(k, ks))
          .konst("v", values(v, Shape.of(4, 3), r))
          .two("ins", "LookupTableInsertV2", "t", "k", "v", k, v)
          .konst("gone", keys(k, ks.subList(1, 2)))
          .remove("rm", "t", "gone", k, "ins")
          .konst("q", probe(k, ks, r))
          .konst("d", values(v, Shape.of(3), r))
          .two("find", "LookupTableFindV2", "t", "q", "d", k, v, "rm")
          .size("size", "t", "rm");
      add(
          out,
          "MutableHashTableOfTensorsV2 "
              + k.tfName()
              + "→"
              + v.tfName()
              + "[3]: insert, remove, find [2,3] keys",
          g,
          List.of("find", "size"));
    }
    List<Long> ks = distinct(r, 3, 20);
    G g = new G().table("t", "MutableHashTableOfTensorsV2", DType.INT64, DType.FLOAT, "mt_full");
    g.valueShape(2)
        .konst("k", keys(DType.INT64, ks))
        .konst("v", values(DType.FLOAT, Shape.of(3, 2), r))
        .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.INT64, DType.FLOAT)
        .konst("q", probe(DType.INT64, ks, r))
        .konst("d", values(DType.FLOAT, Shape.of(2, 3, 2), r))
        .two("find", "LookupTableFindV2", "t", "q", "d", DType.INT64, DType.FLOAT, "ins")
        .konst("one", keys(DType.INT64, ks.subList(0, 1)))
        .konst("onev", values(DType.FLOAT, Shape.of(1, 2), r))
        .table("u", "MutableHashTableOfTensorsV2", DType.INT64, DType.FLOAT, "mt_export");
    g.valueShape(2)
        .two("ins_u", "LookupTableInsertV2", "u", "one", "onev", DType.INT64, DType.FLOAT)
        .export("exp", "u", DType.INT64, DType.FLOAT, "ins_u");
    add(
        out,
        "MutableHashTableOfTensorsV2 with one default per key ([2,3,2]); export of one entry",
        g,
        List.of("find", "exp", "exp:1"));
    g = new G().table("t", "MutableHashTableOfTensorsV2", DType.INT64, DType.FLOAT, "mt_bad");
    g.valueShape(2)
        .konst("k", Tensor.ofLongs(Shape.of(2), 1, 2))
        .konst("v", values(DType.FLOAT, Shape.of(2, 3), r))
        .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.INT64, DType.FLOAT)
        .size("size", "t", "ins");
    add(
        out,
        "MutableHashTableOfTensorsV2 [2] insert of [2,3] values: INVALID_ARGUMENT",
        g,
        List.of("size"));
    g = new G().table("t", "MutableHashTableOfTensorsV2", DType.INT64, DType.FLOAT, "mt_scalar");
    g.size("size", "t");
    add(
        out,
        "MutableHashTableOfTensorsV2 with value_shape []: INVALID_ARGUMENT",
        g,
        List.of("size"));
  }

  private static void denseTables(CaseList out, Random r) {
    List<Long> ks = distinct(r, 10, 1000);
    G g =
        new G()
            .konst("empty", Tensor.ofLongs(Shape.scalar(), -1))
            .konst("deleted", Tensor.ofLongs(Shape.scalar(), -2))
            .denseTable(
                "t", "MutableDenseHashTableV2", DType.INT64, DType.FLOAT, "empty", "deleted", 8)
            .konst("k", keys(DType.INT64, ks.subList(0, 5)))
            .konst("v", values(DType.FLOAT, Shape.of(5), r))
            .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.INT64, DType.FLOAT)
            .export("exp", "t", DType.INT64, DType.FLOAT, "ins")
            .konst("k2", keys(DType.INT64, ks.subList(5, 10)))
            .konst("v2", values(DType.FLOAT, Shape.of(5), r))
            .two("ins2", "LookupTableInsertV2", "t", "k2", "v2", DType.INT64, DType.FLOAT, "exp")
            .konst("gone", keys(DType.INT64, ks.subList(3, 7)))
            .remove("rm", "t", "gone", DType.INT64, "ins2")
            .export("exp2", "t", DType.INT64, DType.FLOAT, "rm")
            .konst("q", flat(probe(DType.INT64, ks, r)))
            .konst("d", Tensor.ofFloats(Shape.scalar(), -1f))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.INT64, DType.FLOAT, "exp2")
            .size("size", "t", "exp2");
    add(
        out,
        "MutableDenseHashTableV2 int64→float, 8 buckets: insert 5 (export), 5 more (grows to 16),"
            + " remove 4 (export), find, size",
        g,
        List.of("exp", "exp:1", "exp2", "exp2:1", "find", "size"));
    for (DType[] kv :
        List.of(
            new DType[] {DType.STRING, DType.INT64},
            new DType[] {DType.INT32, DType.DOUBLE},
            new DType[] {DType.INT64, DType.BOOL},
            new DType[] {DType.STRING, DType.BOOL})) {
      DType k = kv[0];
      DType v = kv[1];
      List<Long> kk = distinct(r, 6, 300);
      g = new G();
      g.konst(
              "empty",
              k == DType.STRING
                  ? Tensor.ofStrings(Shape.scalar(), "")
                  : Tensor.ofIntegers(k, Shape.scalar(), 0x7fffffff))
          .konst(
              "deleted",
              k == DType.STRING
                  ? Tensor.ofStrings(Shape.scalar(), "<deleted>")
                  : Tensor.ofIntegers(k, Shape.scalar(), -0x7fffffff))
          .denseTable("t", "MutableDenseHashTableV2", k, v, "empty", "deleted", 16)
          .konst("k", keys(k, kk))
          .konst("v", values(v, Shape.of(6), r))
          .two("ins", "LookupTableInsertV2", "t", "k", "v", k, v)
          .konst("gone", keys(k, kk.subList(0, 2)))
          .remove("rm", "t", "gone", k, "ins")
          .export("exp", "t", k, v, "rm")
          .konst("q", flat(probe(k, kk, r)))
          .konst("d", scalar(v, r))
          .two("find", "LookupTableFindV2", "t", "q", "d", k, v, "rm");
      add(
          out,
          "MutableDenseHashTableV2 "
              + k.tfName()
              + "→"
              + v.tfName()
              + ", 16 buckets: insert 6, remove 2, export the buckets, find",
          g,
          List.of("exp", "exp:1", "find"));
    }
    g = new G();
    g.konst("empty", Tensor.ofLongs(Shape.of(2), -1, -1))
        .konst("deleted", Tensor.ofLongs(Shape.of(2), -2, -2))
        .denseTable("t", "MutableDenseHashTableV2", DType.INT64, DType.FLOAT, "empty", "deleted", 4)
        .valueShape(3)
        .konst("k", Tensor.ofLongs(Shape.of(3, 2), 1, 2, 3, 4, 2, 1))
        .konst("v", values(DType.FLOAT, Shape.of(3, 3), r))
        .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.INT64, DType.FLOAT)
        .export("exp", "t", DType.INT64, DType.FLOAT, "ins")
        .konst("q", Tensor.ofLongs(Shape.of(3, 2), 2, 1, 9, 9, 1, 2))
        .konst("d", Tensor.ofFloats(Shape.of(3), 0f, -1f, -2f))
        .two("find", "LookupTableFindV2", "t", "q", "d", DType.INT64, DType.FLOAT, "ins")
        .size("size", "t", "ins");
    add(
        out,
        "MutableDenseHashTableV2 with [2] keys and [3] values: insert (grows 4→8), export, find",
        g,
        List.of("exp", "exp:1", "find", "size"));
    g = new G();
    g.konst("empty", Tensor.ofLongs(Shape.scalar(), -1))
        .konst("deleted", Tensor.ofLongs(Shape.scalar(), -2))
        .denseTable("t", "MutableDenseHashTableV2", DType.INT64, DType.INT64, "empty", "deleted", 8)
        .denseTable("u", "MutableDenseHashTableV2", DType.INT64, DType.INT64, "empty", "deleted", 4)
        .konst("k", Tensor.ofLongs(Shape.of(3), 5, 13, 21))
        .konst("v", Tensor.ofLongs(Shape.of(3), 50, 130, 210))
        .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.INT64, DType.INT64)
        .export("exp", "t", DType.INT64, DType.INT64, "ins")
        .two("imp", "LookupTableImportV2", "u", "exp", "exp:1", DType.INT64, DType.INT64)
        .konst("q", Tensor.ofLongs(Shape.of(4), 21, 5, 6, 13))
        .konst("d", Tensor.ofLongs(Shape.scalar(), 0))
        .two("find", "LookupTableFindV2", "u", "q", "d", DType.INT64, DType.INT64, "imp")
        .size("size", "u", "imp");
    add(
        out,
        "MutableDenseHashTableV2: colliding keys probed quadratically; buckets imported into"
            + " another table",
        g,
        List.of("exp", "exp:1", "find", "size"));
    String[][] bad = {
      {"-1", "-2", "3", "0.8", "find", "-1"},
      {"-1", "-2", "8", "0.8", "find", "-2"},
      {"-1", "-1", "8", "0.8", "size", ""},
      {"-1", "-2", "6", "0.8", "size", ""},
      {"-1", "-2", "8", "1.0", "size", ""},
      {"-1", "-2", "8", "0.8", "insert", "-1"},
    };
    for (String[] b : bad) {
      g = new G();
      g.konst("empty", Tensor.ofLongs(Shape.scalar(), Long.parseLong(b[0])))
          .konst("deleted", Tensor.ofLongs(Shape.scalar(), Long.parseLong(b[1])))
          .denseTable(
              "t",
              "MutableDenseHashTableV2",
              DType.INT64,
              DType.INT64,
              "empty",
              "deleted",
              Long.parseLong(b[2]));
      g.b.attr("max_load_factor", AttrValue.newBuilder().setF(Float.parseFloat(b[3])).build());
      String fetch;
      switch (b[4]) {
        case "find" -> {
          g.konst("q", Tensor.ofLongs(Shape.of(2), 3, Long.parseLong(b[5])))
              .konst("d", Tensor.ofLongs(Shape.scalar(), 0))
              .two("find", "LookupTableFindV2", "t", "q", "d", DType.INT64, DType.INT64);
          fetch = "find";
        }
        case "insert" -> {
          g.konst("k", Tensor.ofLongs(Shape.of(2), 3, Long.parseLong(b[5])))
              .konst("v", Tensor.ofLongs(Shape.of(2), 0, 1))
              .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.INT64, DType.INT64)
              .size("size", "t", "ins");
          fetch = "size";
        }
        default -> {
          g.size("size", "t");
          fetch = "size";
        }
      }
      add(
          out,
          "MutableDenseHashTableV2 empty_key "
              + b[0]
              + " deleted_key "
              + b[1]
              + " buckets "
              + b[2]
              + " max_load_factor "
              + b[3]
              + ", "
              + b[4]
              + (b[5].isEmpty() ? "" : " key " + b[5])
              + ": an error",
          g,
          List.of(fetch));
    }
  }

  private static void anonymousTables(CaseList out, Random r) {
    G g =
        new G()
            .table("t", "AnonymousHashTable", DType.STRING, DType.INT32, null)
            .konst("k", Tensor.ofStrings(Shape.of(3), "x", "y", "z"))
            .konst("v", Tensor.ofInts(Shape.of(3), 1, 2, 3))
            .init("init", "t", "k", "v", DType.STRING, DType.INT32)
            .konst("q", Tensor.ofStrings(Shape.of(2), "z", "w"))
            .konst("d", Tensor.ofInts(Shape.scalar(), 0))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.STRING, DType.INT32, "init");
    add(out, "AnonymousHashTable initialized and read in one run", g, List.of("find"));
    g =
        new G()
            .table("t", "AnonymousMutableHashTable", DType.INT64, DType.DOUBLE, null)
            .konst("k", Tensor.ofLongs(Shape.of(2), 10, 20))
            .konst("v", Tensor.ofDoubles(Shape.of(2), 0.5, -0.25))
            .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.INT64, DType.DOUBLE)
            .konst("q", Tensor.ofLongs(Shape.of(3), 20, 30, 10))
            .konst("d", Tensor.ofDoubles(Shape.scalar(), 7))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.INT64, DType.DOUBLE, "ins")
            .size("size", "t", "ins");
    add(out, "AnonymousMutableHashTable insert and find in one run", g, List.of("find", "size"));
    g = new G().table("t", "AnonymousMutableHashTableOfTensors", DType.STRING, DType.INT64, null);
    g.valueShape(2)
        .konst("k", Tensor.ofStrings(Shape.of(2), "a", "b"))
        .konst("v", Tensor.ofLongs(Shape.of(2, 2), 1, 2, 3, 4))
        .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.STRING, DType.INT64)
        .konst("q", Tensor.ofStrings(Shape.of(3), "b", "c", "a"))
        .konst("d", Tensor.ofLongs(Shape.of(2), 0, -1))
        .two("find", "LookupTableFindV2", "t", "q", "d", DType.STRING, DType.INT64, "ins");
    add(out, "AnonymousMutableHashTableOfTensors [2] insert and find", g, List.of("find"));
    g =
        new G()
            .konst("empty", Tensor.ofStrings(Shape.scalar(), ""))
            .konst("deleted", Tensor.ofStrings(Shape.scalar(), "-"))
            .denseTable(
                "t",
                "AnonymousMutableDenseHashTable",
                DType.STRING,
                DType.FLOAT,
                "empty",
                "deleted",
                4)
            .konst("k", Tensor.ofStrings(Shape.of(3), "one", "two", "three"))
            .konst("v", Tensor.ofFloats(Shape.of(3), 1f, 2f, 3f))
            .two("ins", "LookupTableInsertV2", "t", "k", "v", DType.STRING, DType.FLOAT)
            .export("exp", "t", DType.STRING, DType.FLOAT, "ins")
            .konst("q", Tensor.ofStrings(Shape.of(2), "three", "four"))
            .konst("d", Tensor.ofFloats(Shape.scalar(), 0f))
            .two("find", "LookupTableFindV2", "t", "q", "d", DType.STRING, DType.FLOAT, "ins");
    add(
        out,
        "AnonymousMutableDenseHashTable string→float, 4 buckets (grows to 8): export, find",
        g,
        List.of("exp", "exp:1", "find"));
  }
}
