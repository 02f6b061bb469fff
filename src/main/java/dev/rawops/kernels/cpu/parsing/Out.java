package dev.rawops.kernels.cpu.parsing;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;

/**
 * One output of a parsing kernel before it becomes a tensor: dtype, shape and the flat values
 * (float[], long[], int[] or byte[][], at least as many as the shape holds).
 */
record Out(DType dtype, Shape shape, Object data) {}
