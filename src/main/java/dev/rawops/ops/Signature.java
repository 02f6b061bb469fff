package dev.rawops.ops;

import com.google.common.collect.ImmutableList;
import dev.rawops.tfproto.DataType;

/**
 * A node's resolved interface: its attrs with defaults, and the flattened input and output lists (a
 * {@code number_attr} or {@code type_list_attr} arg expanded to one entry per tensor), each with
 * its dtype and the OpDef arg it belongs to.
 */
public record Signature(
    Attrs attrs,
    ImmutableList<DataType> inputTypes,
    ImmutableList<String> inputArgs,
    ImmutableList<DataType> outputTypes,
    ImmutableList<String> outputArgs) {}
