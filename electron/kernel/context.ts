import type { DatasetOverview } from '../../shared/contract';
import type { EvalSpec } from '../../shared/contract/evaluation';
import type { RootGuard } from '../platform/roots';
import type { JobService } from './job-service';
import type { DatasetRegistry } from './dataset-registry';
import type { RecentStore } from './recent-store';
import type { DatasetBackend, EventListener, FileUrlFor, SecretCipher } from './types';

/** How the app service is set up by a transport (desktop window or web server). */
export interface AppServiceOptions {
  mode: 'desktop' | 'web';
  version?: string;
  /** Where the recent list lives (Electron's userData, or ~/.config/touchstone). */
  stateDir: string;
  fileUrl: FileUrlFor;
  /** Desktop: shows the native folder dialog. */
  pickFolder?: () => Promise<string | null>;
  /** Web `--root`: dataset:open accepts only folders inside these. */
  allowedRoots?: string[];
  /** The dataset layer (tests may pass one over fixture folders; defaults to electron/core/datasets). */
  backend?: DatasetBackend;
  /** `serve --dataset --traces`: the evaluation the UI opens straight onto. */
  evaluation?: EvalSpec;
  /** `serve --persist`: settings every evaluation opened from the UI takes when its spec gives none. */
  evalDefaults?: Pick<EvalSpec, 'persist'>;
  /** Desktop: encrypts stored API keys (Electron safeStorage). Without it they are kept in a 0600 file. */
  secretCipher?: SecretCipher;
  /** `memory`: API keys are kept only until the process ends (also TOUCHSTONE_SECRETS=memory). Default `file`. */
  secrets?: 'file' | 'memory';
}

/**
 * The shared pieces every domain's handlers work with; the app service owns
 * them and hands the same context to each domain.
 */
export interface AppContext {
  readonly options: AppServiceOptions;
  /** Every path a call touches must resolve (symlinks included) inside a root opened here. */
  readonly guard: RootGuard;
  /** `--root` confinement of what may be opened at all; null when unconfined. */
  readonly allowed: RootGuard | null;
  /** Real paths of the `--root` folders. */
  readonly startRoots: string[];
  readonly backend: DatasetBackend;
  readonly datasets: DatasetRegistry;
  readonly recent: RecentStore;
  readonly jobs: JobService;
  readonly emit: EventListener;
}

export type { DatasetOverview };
