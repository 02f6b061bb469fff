package dev.rawops.conform;

/**
 * Small fixtures written by hand for testing the runner itself: GatherNd of the float vector [1, 2,
 * 3, 4] (a Const) at the int32 indices fed as "i", fetching "out". Expected values are the obvious
 * gathers, written out by hand.
 */
final class HandFixtures {
  private HandFixtures() {}

  static final String GRAPH =
      """
      graph {
        node { name: "p" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
          attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: 4 } }
            float_val: 1 float_val: 2 float_val: 3 float_val: 4 } } } }
        node { name: "i" op: "Placeholder" attr { key: "dtype" value { type: DT_INT32 } } }
        node { name: "out" op: "GatherNd" input: "p" input: "i"
          attr { key: "Tparams" value { type: DT_FLOAT } } attr { key: "Tindices" value { type: DT_INT32 } } }
      }
      fetch: "out"
      """;

  /** Feeds indices [[2], [0]] (shape [2, 1]). */
  static final String FEED_2_0 =
      """
      feed { key: "i:0" value { dtype: DT_INT32 tensor_shape { dim { size: 2 } dim { size: 1 } }
        int_val: 2 int_val: 0 } }
      """;

  /** Feeds indices [[4]]: out of bounds for params of shape [4]. */
  static final String FEED_OUT_OF_BOUNDS =
      """
      feed { key: "i" value { dtype: DT_INT32 tensor_shape { dim { size: 1 } dim { size: 1 } } int_val: 4 } }
      """;

  static String fixture(String name, String... parts) {
    return "name: \"" + name + "\"\n" + GRAPH + String.join("\n", parts);
  }

  /** Passes: gathering [[2], [0]] gives [3, 1]. */
  static final String PASSING =
      fixture(
          "hand/pass",
          FEED_2_0,
          "expected { dtype: DT_FLOAT tensor_shape { dim { size: 2 } } float_val: 3 float_val: 1 }");
}
