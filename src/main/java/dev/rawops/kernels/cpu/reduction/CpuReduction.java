package dev.rawops.kernels.cpu.reduction;

import static dev.rawops.tensor.DType.BFLOAT16;
import static dev.rawops.tensor.DType.BOOL;
import static dev.rawops.tensor.DType.COMPLEX128;
import static dev.rawops.tensor.DType.COMPLEX64;
import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;
import static dev.rawops.tensor.DType.INT16;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;
import static dev.rawops.tensor.DType.INT8;
import static dev.rawops.tensor.DType.UINT16;
import static dev.rawops.tensor.DType.UINT32;
import static dev.rawops.tensor.DType.UINT64;
import static dev.rawops.tensor.DType.UINT8;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.KernelFactory;
import dev.rawops.kernels.cpu.reduction.ReduceKernel.Finish;
import dev.rawops.kernels.cpu.reduction.ReduceKernel.Fold;
import dev.rawops.kernels.cpu.reduction.ReduceKernel.Spec;
import dev.rawops.kernels.cpu.reduction.SegmentKernel.Kind;
import dev.rawops.tensor.DType;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU kernels of the Reduction op family, as data: each op is its dtypes (TF 2.18's CPU
 * registrations, tf-cpu-kernels.txt) and a spec for one of the shared kernels ({@link
 * ReduceKernel}, {@link SegmentKernel}, {@link AxisKernels}).
 */
public final class CpuReduction {
  private CpuReduction() {}

  /** TF_CALL_REAL_NUMBER_TYPES. */
  private static final DType[] REAL = {
    BFLOAT16, DOUBLE, FLOAT, HALF, INT16, INT32, INT64, INT8, UINT16, UINT32, UINT64, UINT8
  };

  /** TF_CALL_NUMBER_TYPES: real and complex. */
  private static final DType[] NUMBER = {
    BFLOAT16,
    DOUBLE,
    FLOAT,
    HALF,
    INT16,
    INT32,
    INT64,
    INT8,
    UINT16,
    UINT32,
    UINT64,
    UINT8,
    COMPLEX64,
    COMPLEX128
  };

  private static final DType[] FLOATS = {BFLOAT16, DOUBLE, FLOAT, HALF};
  private static final DType[] INDEX = {INT32, INT64};

  public static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    reduction(d, "Sum", NUMBER, new Spec(Fold.SUM, Finish.NONE));
    reduction(d, "Prod", NUMBER, new Spec(Fold.PROD, Finish.NONE));
    reduction(d, "Max", REAL, new Spec(Fold.MAX, Finish.NONE));
    reduction(d, "Min", REAL, new Spec(Fold.MIN, Finish.NONE));
    reduction(d, "Mean", NUMBER, new Spec(Fold.SUM, Finish.MEAN));
    reduction(d, "EuclideanNorm", NUMBER, new Spec(Fold.SUM, Finish.NORM));
    reduction(d, "All", new DType[] {BOOL}, new Spec(Fold.MIN, Finish.NONE));
    reduction(d, "Any", new DType[] {BOOL}, new Spec(Fold.MAX, Finish.NONE));

    DType[] argTypes = {
      BFLOAT16, BOOL, DOUBLE, FLOAT, HALF, INT16, INT32, INT64, INT8, UINT16, UINT32, UINT64, UINT8
    };
    d.add(
        KernelDef.builder("ArgMax", Device.CPU)
            .typeConstraint("T", argTypes)
            .typeConstraint("output_type", INT16, INT32, INT64, UINT16)
            .build(node -> AxisKernels.arg(node, true)));
    d.add(
        KernelDef.builder("ArgMin", Device.CPU)
            .typeConstraint("T", argTypes)
            .typeConstraint("output_type", INT32, INT64)
            .build(node -> AxisKernels.arg(node, false)));
    for (String op : List.of("Cumsum", "Cumprod")) {
      boolean prod = op.equals("Cumprod");
      d.add(
          KernelDef.builder(op, Device.CPU)
              .typeConstraint("T", NUMBER)
              .typeConstraint("Tidx", INDEX)
              .build(node -> AxisKernels.scan(node, prod)));
    }
    d.add(cpu("Softmax", FLOATS, node -> AxisKernels.softmax(node, false)));
    d.add(cpu("LogSoftmax", FLOATS, node -> AxisKernels.softmax(node, true)));
    d.add(cpu("L2Loss", FLOATS, AxisKernels::l2Loss));

    segment(d, "SegmentSum", NUMBER, Kind.SORTED, Fold.SUM, SegmentKernel.Finish.NONE);
    segment(d, "SegmentProd", NUMBER, Kind.SORTED, Fold.PROD, SegmentKernel.Finish.NONE);
    segment(d, "SegmentMax", REAL, Kind.SORTED, Fold.MAX, SegmentKernel.Finish.NONE);
    segment(d, "SegmentMin", REAL, Kind.SORTED, Fold.MIN, SegmentKernel.Finish.NONE);
    segment(d, "SegmentMean", NUMBER, Kind.SORTED, Fold.SUM, SegmentKernel.Finish.MEAN);
    segment(d, "UnsortedSegmentSum", NUMBER, Kind.UNSORTED, Fold.SUM, SegmentKernel.Finish.NONE);
    segment(d, "UnsortedSegmentProd", NUMBER, Kind.UNSORTED, Fold.PROD, SegmentKernel.Finish.NONE);
    segment(d, "UnsortedSegmentMax", REAL, Kind.UNSORTED, Fold.MAX, SegmentKernel.Finish.NONE);
    segment(d, "UnsortedSegmentMin", REAL, Kind.UNSORTED, Fold.MIN, SegmentKernel.Finish.NONE);
    for (String suffix : List.of("", "WithNumSegments")) {
      segment(
          d, "SparseSegmentSum" + suffix, REAL, Kind.SPARSE, Fold.SUM, SegmentKernel.Finish.NONE);
      segment(
          d,
          "SparseSegmentMean" + suffix,
          FLOATS,
          Kind.SPARSE,
          Fold.SUM,
          SegmentKernel.Finish.MEAN);
      segment(
          d,
          "SparseSegmentSqrtN" + suffix,
          FLOATS,
          Kind.SPARSE,
          Fold.SUM,
          SegmentKernel.Finish.SQRTN);
    }
    return d;
  }

  private static KernelDef cpu(String op, DType[] types, KernelFactory f) {
    return KernelDef.builder(op, Device.CPU).typeConstraint("T", types).build(f);
  }

  private static void reduction(List<KernelDef> d, String op, DType[] types, Spec spec) {
    var b = KernelDef.builder(op, Device.CPU).typeConstraint("Tidx", INDEX);
    if (types.length != 1 || types[0] != BOOL) {
      b.typeConstraint("T", types);
    }
    d.add(b.build(node -> ReduceKernel.create(node, spec)));
  }

  private static void segment(
      List<KernelDef> d,
      String op,
      DType[] types,
      Kind kind,
      Fold fold,
      SegmentKernel.Finish finish) {
    boolean num = op.endsWith("WithNumSegments");
    var b = KernelDef.builder(op, Device.CPU).typeConstraint("T", types);
    if (kind == Kind.UNSORTED) {
      b.typeConstraint("Tindices", INT16, INT32, INT64);
    } else if (kind == Kind.SORTED) {
      b.typeConstraint("Tindices", INDEX);
    } else {
      b.typeConstraint("Tidx", INDEX).typeConstraint("Tsegmentids", INDEX);
    }
    SegmentKernel.Spec spec = new SegmentKernel.Spec(kind, fold, finish, num);
    d.add(b.build(node -> SegmentKernel.create(node, spec)));
  }
}
