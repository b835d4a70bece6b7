// A tfjs graph model (its JSON and decoded weights) written as an ONNX model, so that onnxruntime runs
// it on the CPU's own vector units instead of tfjs's WebAssembly (four lanes wide). Only what the face
// descriptor (human's faceres.json, a MobileNet) is made of is translated, node for node: convolutions
// and depthwise convolutions (weights HWIO to OIHW), per-channel scales and biases, Relu and its
// clipping, and the global mean. Anything else is refused. The arithmetic is the model's own: outputs
// differ from tfjs's by the rounding of floats (test/tfjs-onnx.test.ts).
import onnxProto from 'onnx-proto'

const { onnx } = onnxProto
type Node = onnxProto.onnx.INodeProto
type Tensor = onnxProto.onnx.ITensorProto

export interface TfjsNode {
  name: string
  op: string
  input?: string[]
  attr?: Record<string, { list?: { i?: string[] }; s?: string; b?: boolean }>
}

/** A decoded weight: its shape and float values (tfjs decodes float16 weights to float32). */
export interface Weight {
  shape: number[]
  values: Float32Array
}

/** A weight as a tfjs manifest lists it. */
export interface WeightSpec {
  name: string
  shape: number[]
  dtype: string
  quantization?: { dtype: string; original_dtype?: string }
}

/** An IEEE half-precision float's value (exact in a float32). */
function half(h: number): number {
  const sign = h & 0x8000 ? -1 : 1
  const exponent = (h >> 10) & 0x1f
  const fraction = h & 0x3ff
  if (exponent === 0) return sign * fraction * 2 ** -24
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15)
}

/**
 * The weights of a tfjs manifest, read from its files concatenated in order: float32, int32, and float32
 * stored as float16 (how human ships its models). Decoded here rather than by tfjs, whose tensors would
 * grow its WebAssembly heap (which never shrinks) by the model's size.
 */
export function decodeWeights(specs: WeightSpec[], data: Buffer): Map<string, Weight> {
  const weights = new Map<string, Weight>()
  let offset = 0
  for (const spec of specs) {
    const count = spec.shape.reduce((a, b) => a * b, 1)
    const values = new Float32Array(count)
    const stored = spec.quantization?.dtype ?? spec.dtype
    if (spec.quantization && !(stored === 'float16' && spec.dtype === 'float32')) throw new Error(`tfjs-onnx: ${spec.name}: ${stored} quantization is not read`)
    const size = stored === 'float16' ? 2 : 4
    if (stored !== 'float16' && stored !== 'float32' && stored !== 'int32') throw new Error(`tfjs-onnx: ${spec.name}: ${stored} is not read`)
    if (offset + count * size > data.length) throw new Error(`tfjs-onnx: ${spec.name}: past the end of the weights`)
    for (let i = 0; i < count; i++) {
      const at = offset + i * size
      values[i] = stored === 'float16' ? half(data.readUInt16LE(at)) : stored === 'int32' ? data.readInt32LE(at) : data.readFloatLE(at)
    }
    offset += count * size
    weights.set(spec.name, { shape: spec.shape, values })
  }
  return weights
}

const FLOAT = onnx.TensorProto.DataType.FLOAT
const named = (input: string) => input.split(':')[0]!
const attrText = (node: TfjsNode, key: string) => Buffer.from(node.attr?.[key]?.s ?? '', 'base64').toString('utf8')
const ints = (node: TfjsNode, key: string) => (node.attr?.[key]?.list?.i ?? []).map(Number)

function floats(name: string, dims: number[], values: Float32Array): Tensor {
  return { name, dims, dataType: FLOAT, rawData: new Uint8Array(values.buffer.slice(values.byteOffset, values.byteOffset + values.byteLength)) }
}

/** HWIO (tfjs's filter layout, [kh, kw, in, out]) as OIHW; a depthwise filter [kh, kw, c, 1] as [c, 1, kh, kw]. */
function filter(w: Weight, depthwise: boolean): { dims: number[]; values: Float32Array } {
  const [kh, kw, cin, cout] = w.shape as [number, number, number, number]
  const [o, i] = depthwise ? [cin * cout, 1] : [cout, cin]
  const out = new Float32Array(w.values.length)
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let c = 0; c < cin; c++)
        for (let m = 0; m < cout; m++) {
          const [oc, ic] = depthwise ? [c * cout + m, 0] : [m, c]
          out[((oc * i + ic) * kh + y) * kw + x] = w.values[((y * kw + x) * cin + c) * cout + m]!
        }
  return { dims: [o, i, kh, kw], values: out }
}

/**
 * The ONNX model computing `output` of a tfjs graph from its input, an NHWC image of `inputShape`
 * (batch first). Nodes that `output` does not depend on (other heads) are left out.
 */
export function tfjsToOnnx(nodes: TfjsNode[], weights: Map<string, Weight>, output: string, inputShape: number[]): Uint8Array {
  const byName = new Map(nodes.map((n) => [n.name, n]))
  const needed: TfjsNode[] = []
  const seen = new Set<string>()
  const visit = (name: string) => {
    if (seen.has(name)) return
    seen.add(name)
    const node = byName.get(name)
    if (!node) throw new Error(`tfjs-onnx: no node ${name}`)
    for (const i of node.input ?? []) visit(named(i))
    needed.push(node)
  }
  visit(output)

  const out: Node[] = []
  const initializer: Tensor[] = []
  const constant = (name: string): Weight => {
    const w = weights.get(name)
    if (!w || byName.get(name)?.op !== 'Const') throw new Error(`tfjs-onnx: ${name} is not a constant`)
    return w
  }
  const scalar = (name: string) => {
    const w = constant(name)
    if (w.values.length !== 1) throw new Error(`tfjs-onnx: ${name} is not a scalar`)
    return w.values[0]!
  }
  const add = (name: string, dims: number[], values: Float32Array) => (initializer.push(floats(name, dims, values)), name)
  const attr = (name: string, value: number | number[] | string) => {
    const T = onnx.AttributeProto.AttributeType
    if (typeof value === 'string') return { name, type: T.STRING, s: new TextEncoder().encode(value) }
    return Array.isArray(value) ? { name, type: T.INTS, ints: value } : { name, type: T.INT, i: value }
  }
  const [input] = needed.filter((n) => n.op === 'Placeholder')
  if (!input) throw new Error('tfjs-onnx: no input')
  // The image arrives as tfjs has it (NHWC) and is laid out as onnxruntime's convolutions take it.
  out.push({ opType: 'Transpose', input: [input.name], output: [`${input.name}/nchw`], attribute: [attr('perm', [0, 3, 1, 2])] })
  const value = new Map<string, string>([[input.name, `${input.name}/nchw`]])
  const operand = (i: string) => {
    const v = value.get(named(i))
    if (!v) throw new Error(`tfjs-onnx: ${i} is not computed before it is read`)
    return v
  }
  for (const node of needed) {
    const ins = (node.input ?? []).map(named)
    const emit = (opType: string, inputs: string[], attribute: ReturnType<typeof attr>[] = []) => {
      out.push({ opType, name: node.name, input: inputs, output: [node.name], attribute })
      value.set(node.name, node.name)
    }
    switch (node.op) {
      case 'Placeholder':
      case 'Const':
        break
      case 'Conv2D':
      case 'DepthwiseConv2dNative': {
        if (attrText(node, 'data_format') !== 'NHWC' || ints(node, 'dilations').some((d) => d !== 1)) throw new Error(`tfjs-onnx: ${node.name}: only NHWC, undilated`)
        const depthwise = node.op === 'DepthwiseConv2dNative'
        const f = filter(constant(ins[1]!), depthwise)
        const [, sh, sw] = ints(node, 'strides')
        const padding = attrText(node, 'padding')
        if (padding !== 'SAME' && padding !== 'VALID') throw new Error(`tfjs-onnx: ${node.name}: padding ${padding}`)
        emit('Conv', [operand(ins[0]!), add(`${node.name}/filter`, f.dims, f.values)], [
          attr('strides', [sh!, sw!]),
          attr('kernel_shape', f.dims.slice(2)),
          attr('group', depthwise ? f.dims[0]! : 1),
          // TensorFlow's SAME pads the extra row and column at the end, as SAME_UPPER does.
          attr('auto_pad', padding === 'SAME' ? 'SAME_UPPER' : 'VALID'),
        ])
        break
      }
      case 'Add':
      case 'Mul': {
        // A per-channel scale or bias (a vector over the last axis of NHWC) is one over the channel axis of NCHW.
        const w = constant(ins[1]!)
        const dims = w.shape.length === 1 ? [w.values.length, 1, 1] : w.shape.length === 0 ? [] : null
        if (!dims) throw new Error(`tfjs-onnx: ${node.name}: only scalars and channel vectors`)
        emit(node.op, [operand(ins[0]!), add(`${node.name}/operand`, dims, w.values)])
        break
      }
      case 'Relu':
        emit('Relu', [operand(ins[0]!)])
        break
      case 'Minimum':
      case 'Maximum': {
        // min(x, c) and max(x, c) are a clip from one side: onnxruntime fuses a Clip into its convolution.
        const c = add(`${node.name}/bound`, [], Float32Array.of(scalar(ins[1]!)))
        emit('Clip', node.op === 'Minimum' ? [operand(ins[0]!), '', c] : [operand(ins[0]!), c])
        break
      }
      case 'Mean': {
        const axes = constant(ins[1]!).values
        if (axes.length !== 2 || axes[0] !== 1 || axes[1] !== 2 || node.attr?.keep_dims?.b) throw new Error(`tfjs-onnx: ${node.name}: only the mean over height and width`)
        emit('ReduceMean', [operand(ins[0]!)], [attr('axes', [2, 3]), attr('keepdims', 0)])
        break
      }
      default:
        throw new Error(`tfjs-onnx: ${node.name}: ${node.op} is not translated`)
    }
  }
  const info = (name: string, dims: number[]) => ({ name, type: { tensorType: { elemType: FLOAT, shape: { dim: dims.map((d) => ({ dimValue: d })) } } } })
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: 'tfjs-onnx',
    // Opset 13: ReduceMean still takes its axes as an attribute (an input from opset 18).
    opsetImport: [{ domain: '', version: 13 }],
    graph: { name: 'graph', node: out, initializer, input: [info(input.name, inputShape)], output: [{ name: output, type: { tensorType: { elemType: FLOAT } } }] },
  })
  return onnx.ModelProto.encode(model).finish()
}
