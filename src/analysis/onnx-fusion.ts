// PaddleOCR's models, as paddle2onnx exported them, spell each PP-LCNet activation as a chain of
// operations on scalars: a learnt scale and bias (Mul, Add), hard-swish (Add, Clip, Mul, Div), and a
// second learnt scale and bias. onnxruntime runs each of them as a pass over the whole tensor, and moves
// the tensor out of its blocked convolution layout and back around them: in the recogniser they took
// longer than the convolutions. This rewrites the same arithmetic into forms onnxruntime fuses into its
// convolutions. Each rule is exact, not an approximation: what changes is only the rounding of floats.
import onnxProto from 'onnx-proto'

const { onnx } = onnxProto
type Node = onnxProto.onnx.INodeProto
type Graph = onnxProto.onnx.IGraphProto

/** A constant float tensor of the graph, by name: a Constant node's value or an initializer. */
interface Constant {
  dims: number[]
  values: Float32Array
}

/** The model with its activations fused, and how many patterns were rewritten. */
export function fuseActivations(model: Uint8Array): { model: Uint8Array; rewrites: number } {
  const decoded = onnx.ModelProto.decode(model)
  const graph = decoded.graph
  if (!graph) return { model, rewrites: 0 }
  const g = new GraphEdit(graph)
  const rewrites = g.foldAffineIntoConv() + g.hardSwish() + g.foldAffineIntoUnpaddedConv() + g.affineAsDepthwiseConv()
  if (!rewrites) return { model, rewrites }
  g.finish()
  return { model: onnx.ModelProto.encode(decoded).finish(), rewrites }
}

const FLOAT = onnx.TensorProto.DataType.FLOAT

function floats(t: onnxProto.onnx.ITensorProto | null | undefined): Constant | null {
  if (!t || t.dataType !== FLOAT) return null
  const dims = (t.dims ?? []).map(Number)
  // raw_data is little-endian, as the machines onnxruntime runs on; copied to be aligned.
  const values = t.rawData?.length ? new Float32Array(Uint8Array.from(t.rawData).buffer) : Float32Array.from(t.floatData ?? [])
  return values.length === dims.reduce((a, b) => a * b, 1) ? { dims, values } : null
}

function attribute(node: Node, name: string) {
  return node.attribute?.find((a) => a.name === name)
}

class GraphEdit {
  private readonly constants = new Map<string, Constant>()
  private readonly outputs: Set<string>
  private nodes: Node[]
  private fresh = 0

  constructor(private readonly graph: Graph) {
    this.nodes = [...(graph.node ?? [])]
    // Decoded repeated fields may be a shared, frozen empty array.
    graph.initializer = [...(graph.initializer ?? [])]
    this.outputs = new Set((graph.output ?? []).map((o) => o.name!))
    for (const t of graph.initializer ?? []) {
      const c = floats(t)
      if (c) this.constants.set(t.name!, c)
    }
    for (const n of this.nodes) {
      if (n.opType !== 'Constant') continue
      const c = floats(attribute(n, 'value')?.t)
      if (c) this.constants.set(n.output![0]!, c)
    }
  }

  /** The one node that reads `name`, when exactly one does and it is not an output of the graph. */
  private onlyReader(name: string, opType: string): Node | null {
    if (this.outputs.has(name)) return null
    const readers = this.nodes.filter((n) => n.input?.includes(name))
    return readers.length === 1 && readers[0]!.opType === opType ? readers[0]! : null
  }

  /** A binary node's constant scalar operand and its other input. */
  private scalar(node: Node | null): { value: number; other: string } | null {
    const inputs = node?.input ?? []
    if (inputs.length !== 2) return null
    for (const [k, o] of [[0, 1], [1, 0]] as const) {
      const c = this.constants.get(inputs[k]!)
      if (c?.values.length === 1 && !this.constants.has(inputs[o]!)) return { value: c.values[0]!, other: inputs[o]! }
    }
    return null
  }

  /** A convolution's weights and bias (zeros when it has none). */
  private conv(node: Node): { weights: Constant; bias: Float32Array; group: number } | null {
    const weights = this.constants.get(node.input?.[1] ?? '')
    if (!weights || weights.dims.length !== 4) return null
    const bias = node.input!.length > 2 ? this.constants.get(node.input![2]!)?.values : new Float32Array(weights.dims[0]!)
    if (!bias || bias.length !== weights.dims[0]) return null
    return { weights, bias, group: Number(attribute(node, 'group')?.i ?? 1) }
  }

  /** A new initializer: constants may be shared, so a changed one is a new one. */
  private add(dims: number[], values: Float32Array): string {
    const name = `fused_${this.fresh++}`
    this.graph.initializer!.push(onnx.TensorProto.create({ name, dims, dataType: FLOAT, rawData: new Uint8Array(values.buffer, values.byteOffset, values.byteLength) }))
    this.constants.set(name, { dims, values })
    return name
  }

  private remove(dropped: Node[]) {
    const set = new Set(dropped)
    this.nodes = this.nodes.filter((n) => !set.has(n))
  }

  /** x × s, then + b (the Mul's one reader), by scalars: s, b, x and the Add. */
  private affine(mul: Node | null): { scale: number; shift: number; x: string; add: Node } | null {
    const scale = this.scalar(mul)
    const add = scale && this.onlyReader(mul!.output![0]!, 'Add')
    const shift = this.scalar(add)
    return scale && shift ? { scale: scale.value, shift: shift.value, x: scale.other, add: add! } : null
  }

  /** A convolution's new weights and bias, as new initializers (it may have had no bias). */
  private setWeights(conv: Node, dims: number[], weights: Float32Array, bias: Float32Array) {
    conv.input![1] = this.add(dims, weights)
    if (conv.input!.length > 2) conv.input![2] = this.add([bias.length], bias)
    else conv.input!.push(this.add([bias.length], bias))
  }

  /** Conv, then × s, then + b (one reader each): the convolution's weights × s, its bias × s + b. */
  foldAffineIntoConv(): number {
    let count = 0
    for (const conv of this.nodes.filter((n) => n.opType === 'Conv')) {
      const c = this.conv(conv)
      const mul = this.onlyReader(conv.output![0]!, 'Mul')
      const affine = this.affine(mul)
      if (!c || !affine) continue
      const { weights, bias } = c
      this.setWeights(conv, weights.dims, weights.values.map((w) => w * affine.scale), bias.map((v) => v * affine.scale + affine.shift))
      conv.output![0] = affine.add.output![0]!
      this.remove([mul!, affine.add])
      count++
    }
    return count
  }

  /** x × clip(x + 3, 0, 6) / 6 is hard-swish: x × HardSigmoid(x) with α = 1/6, β = 1/2. */
  hardSwish(): number {
    let count = 0
    for (const add of this.nodes.filter((n) => n.opType === 'Add')) {
      const three = this.scalar(add)
      if (three?.value !== 3) continue
      const x = three.other
      const clip = this.onlyReader(add.output![0]!, 'Clip')
      if (!clip || !this.clipsTo(clip, 0, 6)) continue
      const mul = this.onlyReader(clip.output![0]!, 'Mul')
      if (!mul || mul.input!.length !== 2 || !mul.input!.includes(x) || !mul.input!.includes(clip.output![0]!)) continue
      const div = this.onlyReader(mul.output![0]!, 'Div')
      const six = div && div.input![0] === mul.output![0] ? this.constants.get(div.input![1]!) : null
      if (six?.values.length !== 1 || six.values[0] !== 6) continue
      const gate = `${div!.output![0]}_hard_sigmoid`
      const fused = [
        onnx.NodeProto.create({ opType: 'HardSigmoid', input: [x], output: [gate], name: gate, attribute: [
          onnx.AttributeProto.create({ name: 'alpha', type: onnx.AttributeProto.AttributeType.FLOAT, f: 1 / 6 }),
          onnx.AttributeProto.create({ name: 'beta', type: onnx.AttributeProto.AttributeType.FLOAT, f: 0.5 }),
        ] }),
        onnx.NodeProto.create({ opType: 'Mul', input: [x, gate], output: [div!.output![0]!], name: `${gate}_mul` }),
      ]
      this.nodes.splice(this.nodes.indexOf(add), 0, ...fused)
      this.remove([add, clip, mul, div!])
      count++
    }
    return count
  }

  /** Clip's bounds: attributes before opset 11, constant inputs since. */
  private clipsTo(clip: Node, min: number, max: number): boolean {
    const bound = (k: number, name: string) => this.constants.get(clip.input?.[k] ?? '')?.values[0] ?? attribute(clip, name)?.f
    return bound(1, 'min') === min && bound(2, 'max') === max
  }

  /**
   * x × s + b read by a convolution that pads nothing: the convolution's weights × s, and b times the
   * sum of each output channel's weights added to its bias (every window lies wholly in x, so each
   * output sees b under every weight). A padded convolution would see zeros, not b, at the edges.
   */
  foldAffineIntoUnpaddedConv(): number {
    let count = 0
    for (const mul of this.nodes.filter((n) => n.opType === 'Mul')) {
      const affine = this.affine(mul)
      const conv = affine && this.onlyReader(affine.add.output![0]!, 'Conv')
      if (!affine || !conv || conv.input![0] !== affine.add.output![0]) continue
      const c = this.conv(conv)
      const pads = attribute(conv, 'pads')?.ints?.map(Number)
      const autoPad = attribute(conv, 'auto_pad')?.s
      if (!c || pads?.some((p) => p !== 0) || (autoPad?.length && new TextDecoder().decode(autoPad) !== 'NOTSET')) continue
      const { weights, bias } = c
      const perOutput = weights.values.length / weights.dims[0]!
      const folded = bias.map((v, o) => {
        let sum = 0
        for (let i = o * perOutput; i < (o + 1) * perOutput; i++) sum += weights.values[i]!
        return v + affine.shift * sum
      })
      conv.input![0] = affine.x
      this.setWeights(conv, weights.dims, weights.values.map((w) => w * affine.scale), folded)
      this.remove([mul, affine.add])
      count++
    }
    return count
  }

  /**
   * x × s + b read by a convolution becomes a 1 × 1 depthwise convolution (one weight s and bias b per
   * channel): a convolution stays in onnxruntime's blocked layout, where Mul and Add leave it. The
   * channels are those the reading convolution takes.
   */
  affineAsDepthwiseConv(): number {
    let count = 0
    for (const mul of this.nodes.filter((n) => n.opType === 'Mul')) {
      const affine = this.affine(mul)
      if (!affine) continue
      const { add } = affine
      const reader = this.nodes.find((n) => n.opType === 'Conv' && n.input![0] === add.output![0])
      const c = reader && this.conv(reader)
      if (!c) continue
      const channels = c.weights.dims[1]! * c.group
      const conv = onnx.NodeProto.create({
        opType: 'Conv',
        name: `${add.output![0]}_affine`,
        input: [affine.x, this.add([channels, 1, 1, 1], new Float32Array(channels).fill(affine.scale)), this.add([channels], new Float32Array(channels).fill(affine.shift))],
        output: [add.output![0]!],
        attribute: [
          onnx.AttributeProto.create({ name: 'group', type: onnx.AttributeProto.AttributeType.INT, i: channels }),
          onnx.AttributeProto.create({ name: 'kernel_shape', type: onnx.AttributeProto.AttributeType.INTS, ints: [1, 1] }),
        ],
      })
      this.nodes.splice(this.nodes.indexOf(mul), 0, conv)
      this.remove([mul, add])
      count++
    }
    return count
  }

  /** Writes the nodes back, without the constants that nothing reads any more. */
  finish() {
    const read = new Set([...this.nodes.flatMap((n) => n.input ?? []), ...this.outputs])
    this.graph.node = this.nodes.filter((n) => n.opType !== 'Constant' || n.output!.some((o) => read.has(o)))
    this.graph.initializer = this.graph.initializer!.filter((i) => read.has(i.name!))
  }
}
