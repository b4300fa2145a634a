/**
 * Builds ONNX models in memory: a small protobuf writer for the parts of onnx.proto a plain
 * feed-forward graph needs (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto,
 * ValueInfoProto). onnxruntime-node takes the bytes directly, so a model whose weights ship in
 * another format (USE-lite's TensorFlow.js shards) runs natively without a conversion step or a
 * file on disk.
 */

/** Protobuf writer; keeps chunks (weights by reference) and copies once in finish(). */
class ProtoWriter {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;

  private push(b: Uint8Array): void {
    this.chunks.push(b);
    this.size += b.length;
  }

  varint(value: number | bigint): this {
    // int64 fields: negative values are written as their 64-bit two's complement (10 bytes).
    let v = BigInt.asUintN(64, BigInt(value));
    const out: number[] = [];
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v > 0n) byte |= 0x80;
      out.push(byte);
    } while (v > 0n);
    this.push(Uint8Array.from(out));
    return this;
  }

  int(field: number, value: number | bigint): this {
    return this.varint(field << 3).varint(value);
  }

  float(field: number, value: number): this {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    this.varint((field << 3) | 5);
    this.push(b);
    return this;
  }

  bytes(field: number, data: Uint8Array): this {
    this.varint((field << 3) | 2).varint(data.length);
    this.push(data);
    return this;
  }

  string(field: number, s: string): this {
    return this.bytes(field, new TextEncoder().encode(s));
  }

  /** A nested message; its chunks are adopted, not copied (weights are copied once, in finish()). */
  message(field: number, build: (w: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    this.varint((field << 3) | 2).varint(inner.size);
    for (const c of inner.chunks) this.push(c);
    return this;
  }

  finish(): Uint8Array {
    if (this.chunks.length === 1) return this.chunks[0]!;
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const c of this.chunks) { out.set(c, at); at += c.length; }
    return out;
  }
}

/** onnx.proto TensorProto.DataType values used here. */
const ELEM = { float32: 1, int32: 6, int64: 7 } as const;
type ElemType = keyof typeof ELEM;
/** A fixed size or a symbolic one ('batch'). */
export type Dim = number | string;
/** Attribute values: integers (INT), other numbers (FLOAT), integer lists (INTS). */
export type AttrValue = number | { float: number } | readonly number[];
type TensorData = Float32Array | Int32Array | BigInt64Array;

interface NodeSpec { op: string; inputs: string[]; outputs: string[]; attrs: Record<string, AttrValue> }

function elemOf(data: TensorData): ElemType {
  return data instanceof Float32Array ? 'float32' : data instanceof Int32Array ? 'int32' : 'int64';
}

/**
 * A graph under construction. `op` returns its output names, so graphs are written as nested
 * expressions: `g.op('Relu', [g.op('MatMul', [x, w])])`.
 */
export class OnnxGraph {
  private readonly nodes: NodeSpec[] = [];
  private readonly initializers: { name: string; dims: readonly number[]; data: TensorData }[] = [];
  private readonly inputs: { name: string; elem: ElemType; dims: Dim[] }[] = [];
  private readonly outputs: { name: string; elem: ElemType; dims: Dim[] }[] = [];
  private counter = 0;

  /** A constant tensor (weights, shapes); returns its name. */
  constant(name: string, dims: readonly number[], data: TensorData): string {
    const count = dims.reduce((a, b) => a * b, 1);
    if (count !== data.length) throw new Error(`ONNX constant ${name}: shape [${dims.join(', ')}] holds ${count} values, got ${data.length}`);
    this.initializers.push({ name, dims, data });
    return name;
  }

  input(name: string, dims: Dim[], elem: ElemType = 'float32'): string {
    this.inputs.push({ name, elem, dims });
    return name;
  }

  /** Names `value` as a graph output. */
  output(value: string, name: string, dims: Dim[], elem: ElemType = 'float32'): void {
    this.nodes.push({ op: 'Identity', inputs: [value], outputs: [name], attrs: {} });
    this.outputs.push({ name, elem, dims });
  }

  op(op: string, inputs: string[], attrs: Record<string, AttrValue> = {}): string {
    return this.opN(op, inputs, 1, attrs)[0]!;
  }

  opN(op: string, inputs: string[], outputs: number, attrs: Record<string, AttrValue> = {}): string[] {
    const id = this.counter++;
    const names = Array.from({ length: outputs }, (_, k) => `${op}_${id}${outputs > 1 ? `_${k}` : ''}`);
    this.nodes.push({ op, inputs, outputs: names, attrs });
    return names;
  }

  /** Serialises a ModelProto (IR version 8, default domain at `opset`). */
  serialize(opset: number, producer = 'touchstone'): Uint8Array {
    const model = new ProtoWriter();
    model.int(1, 8);
    model.string(2, producer);
    model.message(7, (graph) => {
      this.nodes.forEach((n, i) => graph.message(1, (node) => {
        for (const x of n.inputs) node.string(1, x);
        for (const y of n.outputs) node.string(2, y);
        node.string(3, `${n.op}_node_${i}`).string(4, n.op);
        for (const [name, v] of Object.entries(n.attrs)) node.message(5, (a) => {
          a.string(1, name);
          if (typeof v === 'number' && Number.isInteger(v)) a.int(3, v).int(20, 2);
          else if (typeof v === 'number') a.float(2, v).int(20, 1);
          else if ('float' in v) a.float(2, v.float).int(20, 1);
          else { for (const x of v) a.int(8, x); a.int(20, 7); }
        });
      }));
      graph.string(2, 'main');
      for (const t of this.initializers) graph.message(5, (w) => {
        for (const d of t.dims) w.int(1, d);
        w.int(2, ELEM[elemOf(t.data)]).string(8, t.name);
        w.bytes(9, new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
      });
      const info = (field: number, v: { name: string; elem: ElemType; dims: Dim[] }): void => {
        graph.message(field, (vi) => {
          vi.string(1, v.name);
          vi.message(2, (type) => type.message(1, (tensor) => {
            tensor.int(1, ELEM[v.elem]);
            tensor.message(2, (shape) => {
              for (const d of v.dims) shape.message(1, (dim) => (typeof d === 'number' ? dim.int(1, d) : dim.string(2, d)));
            });
          }));
        });
      };
      for (const v of this.inputs) info(11, v);
      for (const v of this.outputs) info(12, v);
    });
    model.message(8, (o) => o.string(1, '').int(2, opset));
    return model.finish();
  }
}
