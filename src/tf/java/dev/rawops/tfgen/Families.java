package dev.rawops.tfgen;

import java.util.List;

/**
 * Every case family the generator writes. To add an op's fixtures, add its family here (one line).
 */
public final class Families {
  private Families() {}

  public static final List<CaseFamily> ALL =
      List.of(
          new GraphCases(),
          new GatherNdCases(),
          new RaggedGatherCases(),
          new TensorScatterUpdateCases(),
          new StridedSliceCases(),
          new SnapshotCases(),
          new ControlFlowCases(),
          new FunctionCases(),
          new ArrayCases(),
          new NnCases(),
          new ElementwiseCases(),
          new FloatElementwiseCases(),
          new SelectionCases(),
          new LinalgCases(),
          new AudioCases(),
          new LookupCases(),
          new StringCases(),
          new TensorListCases(),
          new RandomCases(),
          new ParsingCases(),
          new SparseCases(),
          new ImageCodecCases(),
          new CombinedNmsCases(),
          new SpecialFunctionCases(),
          new ResourceScatterCases(),
          new StridedSliceUpdateCases(),
          new CountCases(),
          new RaggedOpsCases(),
          new ParsingDecodeCases(),
          new StringFormatCases(),
          new EncodeJpegCases(),
          new JpegFeatureCases(),
          new QuantizationCases());
}
