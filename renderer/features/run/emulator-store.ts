/** The device panel's emulator and virtual-device actions: SDK status, AVD start/stop, snapshots, replay devices. */
import { create } from 'zustand';
import type { AndroidSdkStatus, DeviceInfo } from '../../../shared/contract/device';
import type { TouchstoneClient } from '../../api/client';
import { useRunStore } from './run-store';

export interface EmulatorState {
  sdk: AndroidSdkStatus | null;
  /** Snapshots of the selected emulator (serial -> names), as the console listed them last. */
  snapshots: Record<string, string[]>;
  /** What is in progress ('emulator', 'snapshot-save', 'replay', 'stop:SERIAL', ...). */
  busy: string | null;
  error: string | null;
  /** A sentence about the last snapshot action ("Saved …", "Loaded …"). */
  notice: string | null;
  loadSdk(client: TouchstoneClient): Promise<void>;
  startEmulator(client: TouchstoneClient, avd: string): Promise<void>;
  stopDevice(client: TouchstoneClient, d: DeviceInfo): Promise<void>;
  listSnapshots(client: TouchstoneClient, serial: string): Promise<void>;
  saveSnapshot(client: TouchstoneClient, serial: string, name: string): Promise<void>;
  loadSnapshot(client: TouchstoneClient, serial: string, name: string): Promise<void>;
  startReplay(client: TouchstoneClient, datasetId: string, path: string): Promise<void>;
}

const msg = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** A device the panel started: into the list (or updated there) and selected. */
function added(d: DeviceInfo): void {
  useRunStore.setState((s) => ({ devices: s.devices.some((x) => x.serial === d.serial) ? s.devices.map((x) => (x.serial === d.serial ? d : x)) : [...s.devices, d], selected: d.serial }));
}

export const useEmulatorStore = create<EmulatorState>()((set, get) => {
  /** Runs one action with its busy flag; a failure becomes the panel's error sentence. */
  const act = async (busy: string, f: () => Promise<void>): Promise<void> => {
    if (get().busy) return;
    set({ busy, error: null, notice: null });
    try { await f(); } catch (e) { set({ error: msg(e) }); } finally { set({ busy: null }); }
  };
  return {
    sdk: null,
    snapshots: {},
    busy: null,
    error: null,
    notice: null,

    async loadSdk(client) {
      try { set({ sdk: await client.call('device:sdk', {}) }); } catch (e) { set({ sdk: { emulator: null, avdmanager: null, avds: [], hint: msg(e) } }); }
    },
    startEmulator: (client, avd) => act('emulator', async () => added(await client.call('device:startEmulator', { avd }))),
    stopDevice: (client, d) => act(`stop:${d.serial}`, async () => {
      if (/^emulator-\d+$/.test(d.serial)) await client.call('device:stopEmulator', { serial: d.serial });
      else await client.call('device:stopVirtual', { serial: d.serial });
      await useRunStore.getState().refreshDevices(client);
    }),
    async listSnapshots(client, serial) {
      try {
        const names = await client.call('device:snapshots', { serial });
        set((s) => ({ snapshots: { ...s.snapshots, [serial]: names } }));
      } catch (e) { set({ error: msg(e) }); }
    },
    saveSnapshot: (client, serial, name) => act('snapshot-save', async () => {
      const names = await client.call('device:snapshotSave', { serial, name });
      set((s) => ({ snapshots: { ...s.snapshots, [serial]: names }, notice: `Saved snapshot ${name} of ${serial}.` }));
    }),
    loadSnapshot: (client, serial, name) => act('snapshot-load', async () => {
      await client.call('device:snapshotLoad', { serial, name });
      set({ notice: `Loaded snapshot ${name} into ${serial}.` });
    }),
    startReplay: (client, datasetId, path) => act('replay', async () => added(await client.call('device:startVirtual', { world: 'replay', datasetId, path }))),
  };
});
