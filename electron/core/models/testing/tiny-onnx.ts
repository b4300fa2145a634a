/**
 * Test helper: writes a tiny ONNX model (with the OnnxGraph writer), so the onnxruntime-node
 * embedding path can be tested end to end without downloading a model. The graph is
 * `last_hidden_state = Gather(embeddings, input_ids)`, i.e. each token's vector is its row of a
 * known embedding table, which makes pooled results computable by hand.
 */

import { OnnxGraph } from '../onnx-graph';

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
  const dim = spec.embeddings[0].length;
  const g = new OnnxGraph();
  const table = g.constant('embeddings', [spec.embeddings.length, dim], new Float32Array(spec.embeddings.flat()));
  const ids = g.input('input_ids', ['batch', 'seq'], 'int64');
  for (const name of spec.extraInputs ?? ['attention_mask']) g.input(name, ['batch', 'seq'], 'int64');
  g.output(g.op('Gather', [table, ids], { axis: 0 }), spec.outputName ?? 'last_hidden_state', ['batch', 'seq', dim]);
  return g.serialize(13, 'touchstone-tests');
}
