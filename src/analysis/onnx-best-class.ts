// The recogniser ends in a softmax over its 6,625 classes at every step of a line, and CTC's greedy
// decoding needs only each step's likeliest class and that class's probability. Both are computed in
// the graph (ArgMax and ReduceMax on the same softmax), so a line gives two numbers a step to JS instead
// of 6,625 copied out, scanned, and left to the garbage collector (about 2.6 MB for a wide line).
import onnxProto from 'onnx-proto'

const { onnx } = onnxProto

/** The names of the two outputs that replace the model's single [batch, steps, classes] output. */
export const BEST_CLASS = 'best_class'
export const BEST_SCORE = 'best_score'

/**
 * The model with its one output of class scores, [batch, steps, classes], replaced by the index of each
 * step's highest score (int64, the first of equal highest, as a scan from index 0 takes it) and that
 * score (float), both [batch, steps]. A model whose output is not of that shape is refused. ReduceMax
 * takes its axes as an attribute, as it does below opset 18 (the recogniser's is 9).
 */
export function withBestClass(model: Uint8Array): Uint8Array {
  const decoded = onnx.ModelProto.decode(model)
  const graph = decoded.graph
  const output = graph?.output?.length === 1 ? graph.output[0]! : null
  const dims = output?.type?.tensorType?.shape?.dim ?? []
  if (!graph || !output || dims.length !== 3) throw new Error('withBestClass: the model must have one output of [batch, steps, classes]')
  const { INT, INTS } = onnx.AttributeProto.AttributeType
  const keep = onnx.AttributeProto.create({ name: 'keepdims', type: INT, i: 0 })
  graph.node = [
    ...(graph.node ?? []),
    onnx.NodeProto.create({
      opType: 'ArgMax',
      name: BEST_CLASS,
      input: [output.name!],
      output: [BEST_CLASS],
      attribute: [onnx.AttributeProto.create({ name: 'axis', type: INT, i: 2 }), keep],
    }),
    onnx.NodeProto.create({
      opType: 'ReduceMax',
      name: BEST_SCORE,
      input: [output.name!],
      output: [BEST_SCORE],
      attribute: [onnx.AttributeProto.create({ name: 'axes', type: INTS, ints: [2] }), keep],
    }),
  ]
  const info = (name: string, elemType: number) =>
    onnx.ValueInfoProto.create({ name, type: { tensorType: { elemType, shape: { dim: dims.slice(0, 2) } } } })
  graph.output = [info(BEST_CLASS, onnx.TensorProto.DataType.INT64), info(BEST_SCORE, onnx.TensorProto.DataType.FLOAT)]
  return onnx.ModelProto.encode(decoded).finish()
}
