import type { World } from './world/types';

/** System properties of an Android 12 (API 31) phone, as `getprop` lists them. */
export function defaultProps(model: string, world: World): Map<string, string> {
  return new Map([
    ['ro.build.version.sdk', '31'],
    ['ro.build.version.release', '12'],
    ['ro.build.version.security_patch', '2022-03-05'],
    ['ro.build.id', 'SP2A.220305.013'],
    ['ro.build.type', 'user'],
    ['ro.build.tags', 'release-keys'],
    ['ro.build.fingerprint', 'touchstone/vphone/vphone:12/SP2A.220305.013/8223441:user/release-keys'],
    ['ro.product.manufacturer', 'Touchstone'],
    ['ro.product.brand', 'touchstone'],
    ['ro.product.model', model.replace(/\s+/g, '_')],
    ['ro.product.name', 'vphone'],
    ['ro.product.device', 'vphone'],
    ['ro.product.cpu.abi', 'arm64-v8a'],
    ['ro.product.cpu.abilist', 'arm64-v8a,armeabi-v7a,armeabi'],
    ['ro.serialno', 'TOUCHSTONE0001'],
    ['ro.sf.lcd_density', String(world.density)],
    ['ro.kernel.qemu', '0'],
    ['ro.debuggable', '0'],
    ['ro.secure', '1'],
    ['sys.boot_completed', '1'],
    ['dev.bootcomplete', '1'],
    ['init.svc.bootanim', 'stopped'],
    ['service.bootanim.exit', '1'],
    ['persist.sys.locale', 'en-US'],
    ['persist.sys.timezone', 'UTC'],
    ['net.hostname', 'vphone'],
  ]);
}
