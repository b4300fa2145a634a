import type { CheckReport, ContractCalls, EpisodeInfo, EventName, EventPayload, StepHierarchy, TaskEntry } from '../../shared/contract';
import type { Problem } from '../../shared/model';

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
  /** Stops what the service started (virtual devices); the transports call it when they close. */
  close?(): Promise<void>;
}

/** How a transport turns a dataset file into a URL the renderer can load. */
export type FileUrlFor = (datasetId: string, relPath: string) => string;

/** What the app service needs from the dataset layer, in the contract's shapes. */
export interface DatasetBackend {
  /** Scans a dataset; rejects with the signal's reason once `signal` aborts. */
  open(root: string, onProgress: (done: number, total: number) => void, signal?: AbortSignal): Promise<{ columns: 6 | 7 | null; tasks: TaskEntry[]; problems: Problem[] }>;
  episode(root: string, relPath: string): Promise<Omit<EpisodeInfo, 'datasetId'>>;
  hierarchy(root: string, relPath: string, step: number): Promise<StepHierarchy>;
  /** Validates every file of the dataset; rejects with the signal's reason once `signal` aborts. */
  check(root: string, onProgress: (done: number, total: number) => void, signal?: AbortSignal): Promise<CheckReport>;
}

/** Encrypts stored API keys (desktop: Electron safeStorage). */
export interface SecretCipher {
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}
