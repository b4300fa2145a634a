/**
 * Touchstone's virtual Android device, for in-process use (the app, runners, tools).
 * Tests that need the real adb use ./testing.ts.
 */
export { VirtualDevice, type VirtualDeviceOptions } from './device';
export { startDeviceInstance, registerEmulator, type DeviceInstance, type DeviceInstanceOptions } from './instance';
export { parseFaults, DUMP_IDLE_ERROR, NO_FAULTS, type Faults } from './faults';
export { createWorld } from './world/create-world';
export { DemoWorld, DEMO_APPS } from './world/demo/demo-world';
export { ReplayWorld } from './world/replay/replay-world';
export { loadRecording, type Recording, type RecordedStep, type RecordedAction } from './world/replay/load-recording';
export { KEY, type World, type ScreenView, type InputEvent, type PackageInfo } from './world/types';
