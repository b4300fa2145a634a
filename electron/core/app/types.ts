import type { ContractCalls, EventName, EventPayload } from '../../../shared/contract';

/** Receives every event the core pushes. */
export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * The core behind either transport: the contract calls plus what the
 * transports need to serve screenshots and push events.
 */
export interface AppService {
  calls: ContractCalls;
  /**
   * Real absolute path of an image inside an opened dataset, for the file
   * route / custom protocol. Throws AppError('refused') for anything outside
   * that dataset's root or not an image, AppError('not-found') for unknown ids.
   */
  resolveScreenFile(datasetId: string, relPath: string): Promise<string>;
  /** Adds an event listener; returns the function that removes it. */
  subscribe(listener: EventListener): () => void;
}

/** How a transport turns a dataset file into a URL the renderer can load. */
export type FileUrlFor = (datasetId: string, relPath: string) => string;
