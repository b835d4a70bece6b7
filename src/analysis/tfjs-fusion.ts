// The face descriptor of @vladmandic/human (faceres.json, a MobileNet) spells each ReLU6 as Relu,
// Minimum(6) and Maximum(0), and leaves its convolutions apart from their bias and activation. On the
// tfjs WebAssembly backend the broadcast Minimum and Maximum are slow passes over each tensor: they took
// about half of the model's time. This rewrites the model's graph (its JSON, not its weights) into the
// ops tfjs runs in one kernel: Relu6, and a convolution with its bias and ReLU6 fused. Each rule is exact.
import type { Human } from '@vladmandic/human'

type Tf = Human['tf']

/** The parts of a tfjs graph model's JSON that are rewritten; everything else is kept as it is. */
interface GraphNode {
  name: string
  op: string
  input?: string[]
  attr?: Record<string, unknown>
}
interface WeightSpec {
  name: string
  shape: number[]
  dtype: string
}
export interface GraphModelJson {
  signature?: { outputs?: Record<string, { name: string }> }
  modelTopology: { node: GraphNode[] }
  weightsManifest: Array<{ paths: string[]; weights: WeightSpec[] }>
}

const named = (input: string) => input.split(':')[0]!

/**
 * `model` with its ReLU6 chains and convolutions fused, and how many patterns were rewritten.
 * `weights` gives the model's weight files in the manifest's order, read only when the model has a
 * chain to fuse: the constants the rules compare (the clip bounds of ReLU6) are read from them.
 */
export function fuseGraphModel(tf: Tf, model: GraphModelJson, weights: () => ArrayBuffer): { model: GraphModelJson; rewrites: number } {
  if (!model.modelTopology.node.some((n) => n.op === 'Minimum')) return { model, rewrites: 0 }
  // Nodes are rewritten in place: copies, so that `model` stays as it was.
  let nodes = model.modelTopology.node.map((n) => ({ ...n }))
  const specs = model.weightsManifest.flatMap((m) => m.weights)
  const shapes = new Map(specs.map((s) => [s.name, s.shape]))
  const tensors = tf.io.decodeWeights(weights(), specs as Parameters<Tf['io']['decodeWeights']>[1])
  const scalar = (name: string): number | null => {
    const t = tensors[name]
    return t && t.size === 1 ? (t.dataSync()[0] as number) : null
  }
  const byName = () => new Map(nodes.map((n) => [n.name, n]))
  const outputs = new Set(Object.values(model.signature?.outputs ?? {}).map((o) => named(o.name)))
  /** The one node that reads `name`'s output, when exactly one does and it is not the model's output. */
  const onlyReader = (name: string, op: string): GraphNode | null => {
    if (outputs.has(name)) return null
    const readers = nodes.filter((n) => n.input?.some((i) => named(i) === name))
    return readers.length === 1 && readers[0]!.op === op ? readers[0]! : null
  }
  /** A binary node's constant operand and its other input, by name. */
  const constOperand = (node: GraphNode, consts: Map<string, GraphNode>) => {
    const [a, b] = (node.input ?? []).map(named)
    if (node.input?.length !== 2) return null
    if (consts.get(b!)?.op === 'Const') return { constant: b!, other: a! }
    if (consts.get(a!)?.op === 'Const') return { constant: a!, other: b! }
    return null
  }
  let rewrites = 0
  try {
    // Relu → Minimum(6) → Maximum(0), max(min(relu(x), 6), 0), is ReLU6 of x: kept under the Maximum's name.
    let index = byName()
    const dropped = new Set<GraphNode>()
    for (const relu of nodes.filter((n) => n.op === 'Relu')) {
      const min = onlyReader(relu.name, 'Minimum')
      const six = min && constOperand(min, index)
      const max = six && six.other === relu.name && scalar(six.constant) === 6 ? onlyReader(min!.name, 'Maximum') : null
      const zero = max && constOperand(max, index)
      if (!zero || zero.other !== min!.name || scalar(zero.constant) !== 0) continue
      Object.assign(max!, { op: 'Relu6', input: [relu.input![0]!], attr: { T: { type: 'DT_FLOAT' } } })
      dropped.add(relu).add(min!)
      rewrites++
    }
    nodes = nodes.filter((n) => !dropped.has(n))
    // Conv2D → add a bias of one value per channel → Relu6: one _FusedConv2D, under the Relu6's name.
    index = byName()
    for (const conv of nodes.filter((n) => n.op === 'Conv2D')) {
      const add = onlyReader(conv.name, 'Add') ?? onlyReader(conv.name, 'AddV2') ?? onlyReader(conv.name, 'BiasAdd')
      const bias = add && constOperand(add, index)
      const channels = shapes.get(named(conv.input?.[1] ?? ''))?.[3]
      if (!bias || bias.other !== conv.name || shapes.get(bias.constant)?.join() !== String(channels)) continue
      const act = onlyReader(add!.name, 'Relu6')
      if (!act) continue
      const fusedOps = { list: { s: ['BiasAdd', 'Relu6'].map((s) => Buffer.from(s).toString('base64')) } }
      Object.assign(act, { op: '_FusedConv2D', input: [conv.input![0]!, conv.input![1]!, bias.constant], attr: { ...conv.attr, num_args: { i: '1' }, epsilon: { f: 0 }, fused_ops: fusedOps } })
      dropped.add(conv).add(add!)
      rewrites++
    }
    nodes = nodes.filter((n) => !dropped.has(n))
  } finally {
    tf.dispose(Object.values(tensors))
  }
  return { model: { ...model, modelTopology: { ...model.modelTopology, node: nodes } }, rewrites }
}
