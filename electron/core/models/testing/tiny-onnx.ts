/**
 * Test helper: writes a tiny ONNX model with a minimal protobuf encoder, so the onnxruntime-node
 * embedding path can be tested end to end without downloading a model. The graph is
 * `last_hidden_state = Gather(embeddings, input_ids)`, i.e. each token's vector is its row of a
 * known embedding table, which makes pooled results computable by hand.
 */

class Writer {
  private parts: number[] = [];

  varint(value: number | bigint): this {
    let v = BigInt.asUintN(64, BigInt(value));
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v > 0n) byte |= 0x80;
      this.parts.push(byte);
    } while (v > 0n);
    return this;
  }

  tag(field: number, wire: number): this {
    return this.varint((field << 3) | wire);
  }

  int(field: number, value: number | bigint): this {
    return this.tag(field, 0).varint(value);
  }

  bytes(field: number, data: Uint8Array): this {
    this.tag(field, 2).varint(data.length);
    for (const b of data) this.parts.push(b);
    return this;
  }

  string(field: number, s: string): this {
    return this.bytes(field, new TextEncoder().encode(s));
  }

  message(field: number, build: (w: Writer) => void): this {
    const inner = new Writer();
    build(inner);
    return this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

const FLOAT = 1;
const INT64 = 7;

/** A dimension is a fixed size or a symbolic name such as 'batch'. */
type Dim = number | string;

function valueInfo(w: Writer, field: number, name: string, elemType: number, dims: Dim[]): void {
  w.message(field, (vi) => {
    vi.string(1, name);
    vi.message(2, (type) => type.message(1, (tensor) => {
      tensor.int(1, elemType);
      tensor.message(2, (shape) => {
        for (const d of dims) shape.message(1, (dim) => (typeof d === 'number' ? dim.int(1, d) : dim.string(2, d)));
      });
    }));
  });
}

export interface TinyOnnxSpec {
  /** Row i is the vector of token id i. */
  embeddings: number[][];
  /** Graph inputs besides input_ids (declared, unused by the graph, as real exports often have). */
  extraInputs?: ('attention_mask' | 'token_type_ids')[];
  /** Name of the [batch, seq, dim] output (default last_hidden_state). */
  outputName?: string;
}

/** Serialises the Gather model as ONNX protobuf bytes (IR 8, opset 13). */
export function buildTinyOnnx(spec: TinyOnnxSpec): Uint8Array {
  const rows = spec.embeddings.length;
  const dim = spec.embeddings[0].length;
  const raw = new Float32Array(spec.embeddings.flat());
  const output = spec.outputName ?? 'last_hidden_state';
  const model = new Writer();
  model.int(1, 8); // ir_version
  model.string(2, 'touchstone-tests'); // producer_name
  model.message(7, (graph) => {
    graph.message(1, (node) => {
      node.string(1, 'embeddings').string(1, 'input_ids').string(2, output);
      node.string(3, 'lookup').string(4, 'Gather');
      node.message(5, (attr) => attr.string(1, 'axis').int(3, 0).int(20, 2)); // type INT
    });
    graph.string(2, 'tiny-embedder');
    graph.message(5, (t) => {
      t.int(1, rows).int(1, dim).int(2, FLOAT).string(8, 'embeddings');
      t.bytes(9, new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength));
    });
    valueInfo(graph, 11, 'input_ids', INT64, ['batch', 'seq']);
    for (const name of spec.extraInputs ?? ['attention_mask']) valueInfo(graph, 11, name, INT64, ['batch', 'seq']);
    valueInfo(graph, 12, output, FLOAT, ['batch', 'seq', dim]);
  });
  model.message(8, (op) => op.string(1, '').int(2, 13)); // opset_import
  return model.finish();
}
