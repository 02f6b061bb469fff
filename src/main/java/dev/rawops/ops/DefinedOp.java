package dev.rawops.ops;

import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Optional;

/**
 * An op written as data: its schema comes from TF 2.18's registry ({@link OpSchema#tf}), and what
 * is particular to it is a shape function and, optionally, an attr check and a build-time value. Op
 * families declare their members as one {@code DefinedOp} each, e.g. {@code DefinedOp.of("Abs",
 * ShapeFns.sameAsInput(0))}.
 */
public final class DefinedOp implements Op {
  /** An op's shape function: the output shapes as far as build time knows them. */
  @FunctionalInterface
  public interface ShapeFn {
    List<PartialShape> infer(NodeInfo node);
  }

  /** Rules the OpDef cannot state; throws {@code node.invalidArgument(...)}. */
  @FunctionalInterface
  public interface AttrCheck {
    void check(NodeInfo node);
  }

  /** Output {@code output}'s value when build time knows it. */
  @FunctionalInterface
  public interface ConstantFn {
    Optional<Tensor> value(NodeInfo node, int output);
  }

  private final OpSchema schema;
  private final ShapeFn shapes;
  private final AttrCheck check;
  private final ConstantFn constant;

  private DefinedOp(OpSchema schema, ShapeFn shapes, AttrCheck check, ConstantFn constant) {
    this.schema = schema;
    this.shapes = shapes;
    this.check = check;
    this.constant = constant;
  }

  /** TF op {@code name} with TF 2.18's OpDef and the given shape function. */
  public static DefinedOp of(String name, ShapeFn shapes) {
    return new DefinedOp(OpSchema.tf(name), shapes, node -> {}, (node, i) -> Optional.empty());
  }

  /** An op with an explicit schema (ops TF's registry lacks, or a pinned OpDef). */
  public static DefinedOp of(OpSchema schema, ShapeFn shapes) {
    return new DefinedOp(schema, shapes, node -> {}, (node, i) -> Optional.empty());
  }

  public DefinedOp checking(AttrCheck c) {
    return new DefinedOp(schema, shapes, c, constant);
  }

  public DefinedOp constant(ConstantFn c) {
    return new DefinedOp(schema, shapes, check, c);
  }

  @Override
  public OpSchema schema() {
    return schema;
  }

  @Override
  public void checkAttrs(NodeInfo node) {
    check.check(node);
  }

  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    return shapes.infer(node);
  }

  @Override
  public Optional<Tensor> constantOutput(NodeInfo node, int output) {
    return constant.value(node, output);
  }
}
